// Sets the visitor's theme before the first paint, so a visitor who chose dark never sees a light
// flash. A classic script in <head> (blocking, a few hundred bytes): a file of the site under
// `vite`, inlined by the prerender into every page (src/prerender/first-paint.ts), where the
// gateway's CSP allows it by its hash, never by 'unsafe-inline'. It does what Mantine's
// ColorSchemeScript would: the key and values are src/theme/theme-store.ts's (a test holds them equal).
/* global window, document */
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('vite-ui-theme');
    if (stored === 'dark') scheme = 'dark';
    else if (stored === 'system')
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    // storage blocked: the default theme
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
