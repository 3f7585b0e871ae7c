/**
 * The site's only inline scripts, rendered with `<script is:inline set:html={…} />`. Astro's CSP hashes the
 * scripts it bundles, not inline ones: astro.config.mjs hashes each of these (SHA-256) into `script-src`,
 * so they run without 'unsafe-inline'. A page that needs another inline script adds it here; an inline
 * script written straight into a page is refused by the browser (tests/e2e check the console for it).
 *
 * Classic scripts (no modules): they run before the first paint or before the islands hydrate.
 */
export const inlineScripts = {
  /**
   * Zod without its compiled fast path in browsers (BaseLayout, in head, before any island's module):
   * zod probes for eval with `Function('')` when its first object schema is built, which the CSP refuses,
   * and the browser then logs a CSP violation on every page with a form island (Lighthouse best practices).
   * Zod reads this global config (zod/v4/core) when it loads; the server keeps the fast path.
   */
  zodJitless: `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });`,

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

  /**
   * Cookie/tracking consent and measurement (issue 18; SPEC 4, 7 and 9). BaseLayout, end of body, with its
   * settings as JSON in its data-config attribute (the same for every anonymous visitor, so pages stay cacheable). Nothing is
   * measured and no third-party script is loaded before the visitor consents to a category: statistics loads
   * gtag and snowplow and sends page views (after the page-view delay) and events to POST /api/gmapi,
   * marketing the conversion events to POST /api/conversionapi. Withdrawing a category reloads the page.
   * The consent comes from the brand's provider: the built-in banner (localStorage), Cookiebot or
   * Usercentrics. Events of the page: window.jobboardTrack(key, params).
   */
  tracking: `
(function () {
  var config = JSON.parse(document.currentScript.dataset.config);
  var storageKey = 'tracking-consent';
  var banner = document.querySelector('[data-cookie-banner]');
  var consent = null;
  var started = false;
  var queue = [];
  var clientId = null;
  function granted(category) {
    return !!(consent && consent[category]);
  }
  var providers = {
    builtin: {
      read: function () {
        try {
          var stored = JSON.parse(localStorage.getItem(storageKey));
          return stored && typeof stored === 'object' ? { statistics: !!stored.statistics, marketing: !!stored.marketing } : null;
        } catch (e) {
          return null;
        }
      },
      listen: function () {},
      ask: function () {
        if (!banner) return;
        var form = banner.querySelector('form');
        form.elements.statistics.checked = granted('statistics');
        form.elements.marketing.checked = granted('marketing');
        banner.hidden = false;
        banner.querySelector('button').focus();
      },
    },
    cookiebot: {
      read: function () {
        var bot = window.Cookiebot;
        return bot && bot.hasResponse ? { statistics: !!bot.consent.statistics, marketing: !!bot.consent.marketing } : null;
      },
      listen: function (onChange) {
        window.addEventListener('CookiebotOnConsentReady', function () {
          onChange(providers.cookiebot.read());
        });
      },
      ask: function () {
        if (window.Cookiebot && window.Cookiebot.renew) window.Cookiebot.renew();
      },
    },
    usercentrics: {
      read: function () {
        var ui = window.UC_UI;
        if (!ui || !ui.isInitialized || !ui.isInitialized()) return null;
        var services = ui.getServicesBaseInfo();
        var has = function (slug) {
          return services.some(function (service) {
            return service.categorySlug === slug && service.consent && service.consent.status;
          });
        };
        return { statistics: has('statistics'), marketing: has('marketing') };
      },
      listen: function (onChange) {
        window.addEventListener('ucEvent', function () {
          onChange(providers.usercentrics.read());
        });
      },
      ask: function () {
        if (window.UC_UI && window.UC_UI.showSecondLayer) window.UC_UI.showSecondLayer();
      },
    },
  };
  var provider = providers[config.provider] || providers.builtin;

  function post(path, body) {
    try {
      fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        keepalive: true,
      }).catch(function () {});
    } catch (e) {}
  }
  // SPEC 7: until the tag script has loaded, retry every 500 ms, at most 30 times.
  function withGtag(send, attempt) {
    if (window.gtag && window.jobboardGtagReady) return send();
    if ((attempt || 0) >= 30) return;
    setTimeout(function () {
      withGtag(send, (attempt || 0) + 1);
    }, 500);
  }
  function send(key, params) {
    var all = {};
    var name;
    for (name in config.dimensions) all[name] = config.dimensions[name];
    for (name in params || {}) all[name] = params[name];
    if (config.relay && granted('statistics')) post('/api/gmapi', { event: 'ss_' + key, params: all, client_id: clientId });
    if (granted('marketing') && config.conversionEvents.indexOf(key) !== -1) {
      post('/api/conversionapi', { event_name: key, custom_data: all });
    }
    // The relay is skipped here: it was sent above.
    if (config.gtagId && granted('statistics')) {
      withGtag(function () {
        window.gtag('event', key, all);
      });
    }
    if (config.snowplow && granted('statistics') && window.snowplow) {
      window.snowplow('trackSelfDescribingEvent', { event: { schema: 'iglu:com.jobboard/event/jsonschema/1-0-0', data: { key: key } } });
    }
  }
  function loadScript(src, onload) {
    var script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (onload) script.onload = onload;
    document.head.appendChild(script);
  }
  function start() {
    if (started || !granted('statistics')) return;
    started = true;
    try {
      clientId = localStorage.getItem('tracking-client-id');
      if (!clientId) {
        clientId = crypto.randomUUID();
        localStorage.setItem('tracking-client-id', clientId);
      }
    } catch (e) {
      clientId = null;
    }
    if (config.gtagId) {
      window.dataLayer = window.dataLayer || [];
      window.gtag = function () {
        window.dataLayer.push(arguments);
      };
      window.gtag('js', new Date());
      window.gtag('config', config.gtagId, { send_page_view: false });
      loadScript('https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(config.gtagId), function () {
        window.jobboardGtagReady = true;
      });
    }
    if (config.snowplow) {
      window.GlobalSnowplowNamespace = ['snowplow'];
      window.snowplow = function () {
        (window.snowplow.q = window.snowplow.q || []).push(arguments);
      };
      loadScript(config.snowplow.src);
      window.snowplow('newTracker', 'sp', config.snowplow.collector, { appId: config.frontend });
      window.snowplow('enableActivityTracking', {
        minimumVisitLength: config.snowplow.minimumVisitSeconds,
        heartbeatDelay: config.snowplow.heartbeatSeconds,
      });
      window.snowplow('trackPageView');
    }
    setTimeout(function () {
      send('page_view', { page_category: config.category });
      config.events.forEach(function (event) {
        send(event.key, event.params);
      });
      queue.splice(0).forEach(function (event) {
        send(event[0], event[1]);
      });
    }, config.pageviewDelayMs);
  }
  function decide(next) {
    var before = consent;
    consent = next;
    var withdrawn =
      before &&
      ((before.statistics && !(next && next.statistics)) || (before.marketing && !(next && next.marketing)));
    if (withdrawn && started) {
      location.reload();
      return;
    }
    start();
  }
  window.jobboardTrack = function (key, params) {
    if (started) send(key, params);
    else queue.push([key, params]);
  };

  if (banner) {
    var form = banner.querySelector('form');
    var save = function (choice) {
      try {
        localStorage.setItem(storageKey, JSON.stringify({ statistics: choice.statistics, marketing: choice.marketing, at: Date.now() }));
      } catch (e) {}
      banner.hidden = true;
      decide(choice);
      var preferences = document.querySelector('[data-cookie-preferences]');
      if (preferences) preferences.focus();
    };
    banner.addEventListener('click', function (event) {
      var button = event.target.closest('button[data-cookie-choice]');
      if (!button) return;
      event.preventDefault();
      var choice = button.dataset.cookieChoice;
      save(
        choice === 'all'
          ? { statistics: true, marketing: true }
          : choice === 'necessary'
            ? { statistics: false, marketing: false }
            : { statistics: form.elements.statistics.checked, marketing: form.elements.marketing.checked },
      );
    });
  }
  document.addEventListener('click', function (event) {
    if (event.target.closest('[data-cookie-preferences]')) provider.ask();
  });
  provider.listen(decide);
  consent = provider.read();
  if (consent) start();
  else provider.ask();
})();
`,

  /**
   * SPEC 4: with a creation-source config, the parameter it names (utm_source) is kept in session storage
   * the first time a page of the visit carries it, and never overwritten. BaseLayout, with the parameter's
   * name in its data-parameter attribute (the same on every page). First-party and never sent anywhere by itself.
   */
  creationSource: `
(function () {
  var parameter = document.currentScript.dataset.parameter;
  var value = new URLSearchParams(location.search).get(parameter);
  if (!value) return;
  try {
    if (sessionStorage.getItem(parameter) === null) sessionStorage.setItem(parameter, value.slice(0, 200));
  } catch (e) {}
})();
`,

  /**
   * SPEC 4 at sign-up: the registration forms' hidden creationSource field takes the value creationSource
   * kept in session storage (the input right before this script names its key). CreationSourceField.astro.
   */
  creationSourceField: `
(function () {
  var input = document.currentScript.previousElementSibling;
  try {
    var value = sessionStorage.getItem(input.dataset.creationSource);
    if (value) input.value = value;
  } catch (e) {}
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
