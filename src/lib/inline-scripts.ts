/**
 * The site's only inline scripts, rendered with `<script is:inline set:html={…} />`. Astro's CSP hashes the
 * scripts it bundles, not inline ones: astro.config.mjs hashes each of these (SHA-256) into `script-src`,
 * so they run without 'unsafe-inline'. A page that needs another inline script adds it here; an inline
 * script written straight into a page is refused by the browser (tests/e2e check the console for it).
 *
 * Classic scripts (no modules): they run before the first paint or before the islands hydrate.
 */
export const inlineScripts = {
  /** Restores the side navigation state before the first paint (default: collapsed). BaseLayout, in head. */
  navigationState: `
try {
  var root = document.documentElement;
  var stored = localStorage.getItem(root.dataset.userKind + '-nav-collapsed');
  if (stored === 'false') root.dataset.navCollapsed = 'false';
} catch (e) {}
`,

  /** The side navigation toggle and drawer, and closable alerts. BaseLayout, end of body. */
  shellBehaviour: `
(function () {
  var root = document.documentElement;
  var key = root.dataset.userKind + '-nav-collapsed';
  var toggle = document.querySelector('[data-nav-toggle]');
  var menu = document.querySelector('[data-nav-open]');
  var backdrop = document.querySelector('[data-nav-close]');
  function showCollapsed() {
    var collapsed = root.dataset.navCollapsed !== 'false';
    toggle.setAttribute('aria-expanded', String(!collapsed));
    toggle.setAttribute('aria-label', collapsed ? toggle.dataset.labelExpand : toggle.dataset.labelCollapse);
  }
  function setDrawer(open) {
    root.dataset.navOpen = String(open);
    menu.setAttribute('aria-expanded', String(open));
    menu.setAttribute('aria-label', open ? menu.dataset.labelClose : menu.dataset.labelOpen);
    backdrop.hidden = !open;
    if (open) {
      requestAnimationFrame(function () {
        document.querySelector('#side-nav a').focus();
      });
    }
  }
  toggle.addEventListener('click', function () {
    var collapsed = root.dataset.navCollapsed === 'false';
    root.dataset.navCollapsed = String(collapsed);
    try {
      localStorage.setItem(key, String(collapsed));
    } catch (e) {}
    showCollapsed();
  });
  menu.addEventListener('click', function () {
    setDrawer(root.dataset.navOpen !== 'true');
  });
  backdrop.addEventListener('click', function () {
    setDrawer(false);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && root.dataset.navOpen === 'true') {
      setDrawer(false);
      menu.focus();
    }
  });
  showCollapsed();
  // Alerts: the close button fades the alert out, removes it and announces it.
  var fadeMs = parseFloat(getComputedStyle(root).getPropertyValue('--alert-fade')) * 1000 || 250;
  document.addEventListener('click', function (event) {
    var button = event.target.closest('[data-alert-close]');
    if (!button) return;
    var alert = button.closest('[data-alert]');
    alert.classList.add('alert--closing');
    setTimeout(function () {
      alert.remove();
      document.dispatchEvent(new CustomEvent('alert:closed', { detail: { id: alert.id } }));
    }, fadeMs);
  });
})();
`,

  /** Before the search filters render: with JavaScript the phone layout keeps them in a drawer (no layout shift). */
  javascriptFlag: `
document.documentElement.dataset.js = 'true';
`,

  /**
   * The sign-out page: sign out first, then tell the other tabs (SPEC section 4): a tab that re-read the
   * session before the cookie was cleared could otherwise keep it alive. Without fetch the form posts itself.
   */
  signOut: `
(function () {
  var form = document.querySelector('[data-auto-submit]');
  var broadcast = function () {
    try {
      new BroadcastChannel('session').postMessage({ event: 'signout' });
    } catch (e) {}
  };
  fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), redirect: 'manual' })
    .then(function () {
      broadcast();
      location.assign(form.elements.callbackUrl.value);
    })
    .catch(function () {
      broadcast();
      form.submit();
    });
})();
`,
} as const;
