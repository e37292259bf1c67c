// Served as /app-start.js: the build minifies it (vite.config: appStartScript), a dev server serves it as is.
// A page the server wrote is readable and its links work before any of the app's code runs.
// The code that makes it live (the app's module scripts, kept inert in <template id="app-code">)
// starts once the page's first screen has loaded and been painted, so its images and fonts
// never queue behind it, or at once when the visitor reaches for the page (a tap, a key) before
// that — and a button pressed meanwhile is pressed again once the app is live.
(function () {
  // The visitor's light/dark choice (kept as theme/color-scheme.ts keeps it) before the first
  // paint, rather than once the app is live.
  try {
    var mode = localStorage.getItem('mui-mode');
    var scheme = mode === 'light' || (mode === 'system' && matchMedia('(prefers-color-scheme: light)').matches) ? 'light' : 'dark';
    var root = document.documentElement;
    root.classList.remove(scheme === 'light' ? 'dark' : 'light');
    root.classList.add(scheme);
    root.style.colorScheme = scheme;
  } catch {
    // Storage blocked: the page stays dark, the default.
  }

  var started = false;
  var events = ['pointerdown', 'keydown', 'touchstart', 'focusin'];
  function start() {
    if (started) return;
    started = true;
    events.forEach(function (e) { removeEventListener(e, start, true); });
    var code = document.getElementById('app-code');
    if (!code) return;
    // The app's script first, then its files' preloads a few at a time, each few in a task of
    // its own: adding some seventy tags at once held the main thread for tens of milliseconds.
    var tags = Array.prototype.slice.call(code.content.cloneNode(true).childNodes);
    (function add() {
      tags.splice(0, 3).forEach(function (tag) { document.head.appendChild(tag); });
      if (tags.length) setTimeout(add, 0);
    })();
  }
  events.forEach(function (e) { addEventListener(e, start, { capture: true, passive: true }); });

  // A button pressed before the app is live (the search icon, the theme switch) would do
  // nothing: the last one pressed is pressed again once the app has taken the page over.
  // Links need no help: they are plain links to server-rendered pages.
  var pressed = null;
  function remember(e) {
    var button = e.target && e.target.closest ? e.target.closest('button') : null;
    if (button && !button.disabled) pressed = button;
  }
  addEventListener('click', remember, true);
  // A server-drawn form (sign-in, contact) is sent by the app, never by the browser: that would
  // put its fields, a password too, in the address. Its button (pressed, or Enter in a field)
  // was remembered above and is pressed again once the app is live.
  function hold(e) {
    e.preventDefault();
  }
  addEventListener('submit', hold, true);
  new MutationObserver(function (_changes, observer) {
    if (!document.documentElement.hasAttribute('data-app-ready')) return;
    observer.disconnect();
    removeEventListener('click', remember, true);
    removeEventListener('submit', hold, true);
    if (pressed && pressed.isConnected) setTimeout(function () { pressed.click(); }, 0);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app-ready'] });
  // `load` can come before the first frame is on the screen (a busy phone, a page of small
  // images): the app's files would then be fetched and parsed while that frame is still drawn.
  function startOncePainted() {
    try {
      if (performance.getEntriesByType('paint').some(function (p) { return p.name === 'first-contentful-paint'; })) return start();
      if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
        var observer = new PerformanceObserver(function (list) {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          start();
        });
        observer.observe({ type: 'paint', buffered: true });
        return;
      }
    } catch {
      // No paint timing: the next frame's end stands for it.
    }
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  if (document.readyState === 'complete') startOncePainted();
  else {
    addEventListener('load', startOncePainted, { once: true });
    // An image that never finishes must not keep the page dead.
    addEventListener('DOMContentLoaded', function () { setTimeout(start, 3000); }, { once: true });
  }
})();
