/**
 * Jest (native ESM mode, Node 20) cannot `require` an ES module, and light-my-request, which
 * powers `app.inject`, is CommonJS requiring the ESM-only `cookie` 2. It only calls
 * `stringifySetCookie` (for the `cookies` inject option, which these tests do not use); this
 * stand-in provides it so `app.inject` loads. Test-only: mapped in jest.config.js.
 */
'use strict';

function stringifySetCookie(cookie) {
  return `${cookie.name}=${encodeURIComponent(cookie.value ?? '')}`;
}

module.exports = { stringifySetCookie };
