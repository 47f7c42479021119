import { ADMIN_API, ADMIN_PANEL_PATHS } from '@tunnelscope/contracts';
import {
  ADMIN_HEX,
  deadUrl,
  makeDistFixtures,
  send,
  startGateway,
  type Fixtures,
  type RunningGateway,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;

/**
 * Every address of the admin panel (the list the SPA's router is built from) is the panel's HTML
 * through the gateway, never a service's answer: a reload or a shared link of any tab opens it.
 * The services are down on purpose, so a path routed to one could not answer 200.
 */
describe('admin panel addresses through the gateway', () => {
  let fx: Fixtures;
  let gw: RunningGateway;

  beforeAll(async () => {
    fx = await makeDistFixtures();
    const down = await deadUrl();
    gw = await startGateway({
      PUBLIC_WEB_DIST: fx.publicDist,
      ADMIN_WEB_DIST: fx.adminDist,
      FORMS_SERVICE_URL: down,
      AUTH_SERVICE_URL: down,
      ANALYTICS_SERVICE_URL: down,
    });
  });

  afterAll(async () => {
    await gw.close();
    await fx.cleanup();
  });

  it('has addresses to check', () => {
    expect(ADMIN_PANEL_PATHS.length).toBeGreaterThan(10);
  });

  it.each([...ADMIN_PANEL_PATHS])('serves %s with the admin panel and status 200', async (path) => {
    const res = await send(`${gw.url}${P}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<title>Admin fixture</title>');
    expect(res.text).toContain(`<base href="${P}/">`);
  });

  it.each([...ADMIN_PANEL_PATHS])('serves %s with a query string the same way', async (path) => {
    const res = await send(`${gw.url}${P}${path}?from=bookmark`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Admin fixture</title>');
  });

  it('still sends the API calls to their services (no panel page for them)', async () => {
    for (const call of [ADMIN_API.me, ADMIN_API.overview, ADMIN_API.advancedAnalytics]) {
      const res = await send(`${gw.url}${P}${call.path}`);
      expect(res.status).not.toBe(200);
      expect(res.text).not.toContain('<title>Admin fixture</title>');
    }
  });
});
