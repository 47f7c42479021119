/**
 * Full page reloads the spec asks for (after logout, the post-login check, profile and 2FA
 * changes). Behind an object so tests can watch the call: jsdom cannot reload, and its
 * `window.location` cannot be redefined.
 */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};

export const reloadPage = (): void => pageReload.reload();
