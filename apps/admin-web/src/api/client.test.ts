import { meResponseSchema } from '@tunnelscope/contracts';
import { answer, installFetchMock } from '../test/fetch-mock.js';
import { AdminApiError, adminCall, parseAnswer, UnexpectedAnswerError } from './client.js';

const ME = {
  id: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
  username: 'ada',
  email: 'ada@tunnelscope.example',
  role: 'admin',
  isActive: true,
  twoFactorEnabled: false,
  lastLogin: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lockedUntil: null,
  failedLoginAttempts: 0,
};

describe('adminCall', () => {
  beforeEach(() => {
    installFetchMock();
  });

  it('answers the body as its contract reads it', async () => {
    answer(200, { success: true, data: { user: ME } });
    await expect(adminCall('/auth/me', meResponseSchema)).resolves.toEqual({
      success: true,
      data: { user: ME },
    });
  });

  it('fails like any call when the answer has another shape, naming the first mismatch', async () => {
    answer(200, { success: true, data: { user: { ...ME, id: 'not-a-uuid' } } });
    const failure = adminCall('/auth/me', meResponseSchema);
    await expect(failure).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(failure).rejects.toThrow(/^Unexpected answer from \/auth\/me \(data\.user\.id: /);
  });
});

describe('parseAnswer', () => {
  it('names an empty body as the body', () => {
    expect(() => parseAnswer(meResponseSchema, null, 'answer')).toThrow(/^Unexpected answer \(body: /);
  });
});

describe('AdminApiError', () => {
  it("reads the server's message and code field by field", () => {
    const error = new AdminApiError(403, 'Forbidden', { success: false, error: 'FORBIDDEN', message: 'No' });
    expect(error.message).toBe('HTTP 403: Forbidden');
    expect(error.serverMessage).toBe('No');
    expect(error.code).toBe('FORBIDDEN');
    const odd = new AdminApiError(502, 'Bad Gateway', { error: 42, message: 'Upstream down' });
    expect(odd.code).toBeUndefined();
    expect(odd.serverMessage).toBe('Upstream down');
    expect(new AdminApiError(502, 'Bad Gateway', null).serverMessage).toBeUndefined();
  });
});
