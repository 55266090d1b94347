/* Affiliate tracking script: keeps the affiliate click of a visit in a first-party cookie for the
 * campaign's attribution window, hands it to card-processor checkouts and reports leads and sales.
 * No dependencies; served as is from /t.js. */
(function () {
  'use strict';
  var me = document.currentScript;
  if (!me || (window.affiliateService && window.affiliateService.clickId)) return;
  var attr = function (name) { return me.getAttribute('data-' + name); };
  var merchant = attr('merchant');
  var mode = attr('mode') === 'test' ? 'test' : 'live';
  var campaign = attr('campaign');
  var cookie = attr('cookie') || 'aff_click_id';
  var api = (attr('api') || new URL(me.src, location.href).origin).replace(/\/+$/, '');
  var DAY = 86400000;
  var clickId = null;

  function readCookie() {
    var match = document.cookie.match(new RegExp('(?:^|; )' + cookie + '=([^;]*)'));
    return match ? decodeURIComponent(match[1]) : null;
  }
  function writeCookie(id, expires) {
    document.cookie = cookie + '=' + encodeURIComponent(id) + '; expires=' + expires.toUTCString() + '; path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
  }
  function keep(id, expires) {
    clickId = id;
    if (expires > new Date()) writeCookie(id, expires);
    decorateAll();
  }
  function forget() {
    clickId = null;
    document.cookie = cookie + '=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  }
  function call(method, path, body) {
    var init = { method: method, mode: 'cors', credentials: 'omit', keepalive: method === 'POST' };
    if (body) {
      init.headers = { 'Content-Type': 'application/json' };
      body.merchantId = merchant;
      body.mode = mode;
      init.body = JSON.stringify(body);
    }
    return fetch(api + path, init).then(function (res) {
      return res.json().then(function (json) { return { status: res.status, json: json }; }, function () { return { status: res.status, json: null }; });
    });
  }

  // Card-processor payment links and pricing tables carry the click as their client reference.
  function decorate(el) {
    if (!clickId || !el || el.nodeType !== 1) return;
    var tag = el.tagName.toLowerCase();
    if (tag === 'a' && /^https:\/\/buy\.stripe\.com\//.test(el.href)) {
      var url = new URL(el.href);
      if (url.searchParams.get('client_reference_id') !== clickId) {
        url.searchParams.set('client_reference_id', clickId);
        el.href = url.toString();
      }
    } else if ((tag === 'stripe-pricing-table' || tag === 'stripe-buy-button') && el.getAttribute('client-reference-id') !== clickId) {
      el.setAttribute('client-reference-id', clickId);
    }
  }
  function decorateTree(root) {
    if (!clickId || !root || root.nodeType !== 1) return;
    decorate(root);
    var found = root.querySelectorAll('a[href^="https://buy.stripe.com/"], stripe-pricing-table, stripe-buy-button');
    for (var i = 0; i < found.length; i++) decorate(found[i]);
  }
  function decorateAll() { decorateTree(document.documentElement); }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var r = records[i];
      if (r.type === 'attributes') decorate(r.target);
      for (var j = 0; j < r.addedNodes.length; j++) decorateTree(r.addedNodes[j]);
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });

  // The landing: the tracking link's click_id, else ?ref= (a click registered here), else the cookie.
  // An affiliate imported from another product keeps its old links: Rewardful's ?via=, FirstPromoter's
  // ?fpr=, Tolt's ?tolt_referral=, PartnerStack's ?ps_partner_key= or ?sid= carry its old code.
  var query = new URLSearchParams(location.search);
  var landed = query.get('click_id');
  var ref = query.get('ref') || query.get('via') || query.get('fpr') || query.get('tolt_referral') || query.get('ps_partner_key') || query.get('sid');
  var ready;
  if (landed) {
    keep(landed, new Date(Date.now() + 30 * DAY));
    var path = '/t/v1/clicks/' + encodeURIComponent(landed) + '?merchantId=' + encodeURIComponent(merchant) + '&mode=' + mode;
    var confirm = function (retry) {
      return call('GET', path).then(function (r) {
        if (r.status === 200) return keep(r.json.data.clickId, new Date(r.json.data.expiresAt));
        // Signed click ids are known at once; an id issued before ids were signed is known once its batch is written: ask once more.
        if (r.status === 404 && retry) return new Promise(function (done) { setTimeout(done, 1500); }).then(function () { return confirm(false); });
        if (r.status === 404) forget();
      });
    };
    ready = confirm(true);
  } else if (ref && campaign) {
    ready = call('POST', '/t/v1/clicks', { trackingCode: campaign, refCode: ref, landingUrl: location.href.slice(0, 2048), referrer: document.referrer ? document.referrer.slice(0, 2048) : undefined }).then(function (r) {
      if (r.status === 201) keep(r.json.data.clickId, new Date(r.json.data.expiresAt));
      else clickId = readCookie();
    });
  } else {
    clickId = readCookie();
    ready = Promise.resolve();
  }
  ready = ready.then(decorateAll, function () { clickId = clickId || readCookie(); decorateAll(); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decorateAll);
  else decorateAll();

  function report(path, body) {
    return ready.then(function () {
      if (!clickId) return null;
      body.clickId = clickId;
      return call('POST', path, body).then(function (r) { return r.json; });
    });
  }
  var queued = (window.affiliateService && window.affiliateService.q) || [];
  window.affiliateService = {
    ready: ready,
    clickId: function () { return clickId; },
    lead: function (lead) {
      lead = lead || {};
      var body = {};
      if (lead.email) body.email = lead.email;
      if (lead.customerId) body.customerId = lead.customerId;
      if (lead.provider) body.provider = lead.provider;
      return report('/t/v1/leads', body);
    },
    sale: function (sale) {
      sale = sale || {};
      var body = { orderId: String(sale.orderId), amount: Number(sale.amount) };
      if (sale.currency) body.currency = sale.currency;
      return report('/t/v1/sales', body);
    },
  };
  // Calls made before the script loaded (the snippet's stub queues them).
  for (var k = 0; k < queued.length; k++) window.affiliateService[queued[k][0]].apply(null, queued[k][1]);
})();
