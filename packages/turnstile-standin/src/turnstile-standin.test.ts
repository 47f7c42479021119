import { startTurnstileStandin, type TurnstileStandin } from './server.js';
import { DUMMY_TOKEN, TEST_SECRETS } from './test-keys.js';

let standin: TurnstileStandin;
beforeAll(async () => {
  standin = await startTurnstileStandin({ port: 0 });
});
afterAll(() => standin.close());

const verify = (fields: Record<string, string>) =>
  fetch(standin.verifyUrl, { method: 'POST', body: new URLSearchParams(fields) }).then(
    (r) => r.json() as Promise<{ success: boolean; 'error-codes': string[] }>,
  );

describe('siteverify stand-in', () => {
  it('passes any token with the always-passes secret, as Cloudflare does', async () => {
    const answer = await verify({
      secret: TEST_SECRETS.alwaysPasses,
      response: DUMMY_TOKEN,
      remoteip: '10.0.0.1',
    });
    expect(answer).toMatchObject({ success: true, 'error-codes': [] });
    expect(standin.calls.at(-1)).toEqual({
      secret: TEST_SECRETS.alwaysPasses,
      response: DUMMY_TOKEN,
      remoteip: '10.0.0.1',
    });
  });

  it('fails with the always-fails secret and reports a spent token with the third secret', async () => {
    expect(await verify({ secret: TEST_SECRETS.alwaysFails, response: DUMMY_TOKEN })).toMatchObject({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    expect(await verify({ secret: TEST_SECRETS.tokenSpent, response: DUMMY_TOKEN })).toMatchObject({
      'error-codes': ['timeout-or-duplicate'],
    });
  });

  it('refuses a missing response and an unknown secret', async () => {
    expect(await verify({ secret: TEST_SECRETS.alwaysPasses })).toMatchObject({
      'error-codes': ['missing-input-response'],
    });
    expect(await verify({ secret: 'a-real-secret', response: DUMMY_TOKEN })).toMatchObject({
      'error-codes': ['invalid-input-secret'],
    });
  });

  it('serves the widget script with the turnstile API', async () => {
    const res = await fetch(standin.scriptUrl);
    expect(res.headers.get('content-type')).toContain('javascript');
    const body = await res.text();
    expect(body).toContain('window.turnstile');
    expect(body).toContain(DUMMY_TOKEN);
  });
});
