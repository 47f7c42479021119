import { DUMMY_TOKEN, TEST_SITE_KEYS } from './test-keys.js';

/**
 * The stand-in for `https://challenges.cloudflare.com/turnstile/v0/api.js`: the same global API
 * (`turnstile.render`, `reset`, `remove`, `getResponse`, `isExpired`, `ready`, the `onload`
 * query parameter, `render=explicit` or automatic rendering of `.cf-turnstile` elements) with the
 * behaviour Cloudflare documents for its test site keys. It renders in the page, not an iframe,
 * and says plainly that it is an offline stand-in.
 */
export function widgetScript(): string {
  const config = JSON.stringify({ token: DUMMY_TOKEN, keys: TEST_SITE_KEYS });
  return `(function () {
  'use strict';
  var CONFIG = ${config};
  var widgets = {};
  var counter = 0;
  var current = document.currentScript;
  var params = current ? new URL(current.src, location.href).searchParams : new URLSearchParams();

  function call(fn, arg) {
    if (typeof fn === 'function') { try { fn(arg); } catch (e) { setTimeout(function () { throw e; }); } }
    else if (typeof fn === 'string' && typeof window[fn] === 'function') window[fn](arg);
  }
  function behaviour(sitekey) {
    var k = CONFIG.keys;
    if (sitekey === k.alwaysPasses) return { visible: true, pass: true };
    if (sitekey === k.alwaysBlocks) return { visible: true, pass: false };
    if (sitekey === k.invisiblePasses) return { visible: false, pass: true };
    if (sitekey === k.invisibleBlocks) return { visible: false, pass: false };
    if (sitekey === k.forcesInteraction) return { visible: true, pass: true, interactive: true };
    return null;
  }
  function paint(w, state, text) {
    if (!w.box) return;
    var dark = w.params.theme !== 'light';
    w.box.setAttribute('data-state', state);
    w.box.style.cssText = 'box-sizing:border-box;width:300px;height:65px;display:flex;align-items:center;gap:12px;padding:0 14px;' +
      'border:1px solid ' + (dark ? '#4a4a4a' : '#e0e0e0') + ';border-radius:4px;font:14px system-ui,sans-serif;' +
      'background:' + (dark ? '#232323' : '#fafafa') + ';color:' + (dark ? '#f2f2f2' : '#232323') + ';cursor:' + (state === 'interactive' ? 'pointer' : 'default');
    var mark = state === 'success' ? '\\u2714' : state === 'error' ? '\\u2716' : state === 'interactive' ? '\\u2610' : '\\u22EF';
    var colour = state === 'success' ? '#16a34a' : state === 'error' ? '#dc2626' : '#9ca3af';
    w.box.innerHTML = '<span aria-hidden="true" style="font-size:22px;color:' + colour + '">' + mark + '</span>' +
      '<span role="status">' + text + '</span>' +
      '<span style="margin-left:auto;font-size:10px;opacity:.7;text-align:right">Turnstile<br>offline stand-in</span>';
  }
  function settle(w) {
    if (w.removed) return;
    if (w.behaviour.pass) {
      w.token = CONFIG.token;
      paint(w, 'success', 'Success!');
      call(w.params.callback, w.token);
    } else {
      w.token = '';
      paint(w, 'error', 'Verification failed');
      call(w.params['error-callback'], '600010');
    }
  }
  function start(w) {
    w.token = '';
    clearTimeout(w.timer);
    if (!w.behaviour) { paint(w, 'error', 'Invalid site key'); call(w.params['error-callback'], '110100'); return; }
    if (w.behaviour.interactive) {
      paint(w, 'interactive', 'Verify you are human');
      w.box.onclick = function () { w.box.onclick = null; paint(w, 'verifying', 'Verifying...'); w.timer = setTimeout(function () { settle(w); }, 150); };
      return;
    }
    paint(w, 'verifying', 'Verifying...');
    w.timer = setTimeout(function () { settle(w); }, 150);
  }
  function find(id) {
    if (id === undefined) { for (var k in widgets) return widgets[k]; return undefined; }
    if (typeof id === 'string' && widgets[id]) return widgets[id];
    var el = typeof id === 'string' ? document.querySelector(id) : id;
    for (var key in widgets) if (widgets[key].container === el) return widgets[key];
    return undefined;
  }
  function render(container, opts) {
    var el = typeof container === 'string' ? document.querySelector(container) : container;
    if (!el) throw new Error('[turnstile stand-in] container not found');
    opts = opts || {};
    var p = {
      sitekey: opts.sitekey || el.getAttribute('data-sitekey'),
      theme: opts.theme || el.getAttribute('data-theme') || 'auto',
      callback: opts.callback || el.getAttribute('data-callback'),
      'error-callback': opts['error-callback'] || el.getAttribute('data-error-callback'),
      'expired-callback': opts['expired-callback'] || el.getAttribute('data-expired-callback'),
    };
    if (p.theme === 'auto') p.theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    var id = 'cf-chl-widget-' + (++counter);
    var w = { id: id, container: el, params: p, behaviour: behaviour(p.sitekey), token: '', removed: false };
    if (!w.behaviour || w.behaviour.visible) {
      w.box = document.createElement('div');
      w.box.id = id;
      w.box.className = 'turnstile-standin';
      w.box.setAttribute('data-testid', 'turnstile-widget');
      el.appendChild(w.box);
    }
    widgets[id] = w;
    start(w);
    return id;
  }
  window.turnstile = {
    render: render,
    reset: function (id) { var w = find(id); if (w) start(w); },
    remove: function (id) { var w = find(id); if (!w) return; w.removed = true; clearTimeout(w.timer); if (w.box) w.box.remove(); delete widgets[w.id]; },
    getResponse: function (id) { var w = find(id); return w ? w.token : undefined; },
    isExpired: function () { return false; },
    ready: function (cb) { cb(); },
    execute: function (id) { var w = find(id); if (w) start(w); },
  };
  if (params.get('render') !== 'explicit') {
    var auto = function () { document.querySelectorAll('.cf-turnstile').forEach(function (el) { render(el, {}); }); };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', auto); else auto();
  }
  var onload = params.get('onload');
  if (onload) setTimeout(function () { call(onload); });
})();
`;
}
