/*
 * The box office's API client and words (demo mode; docs/web.md, "Box office"): a GraphQL client that sends
 * the vendor key and reads the server's clock, the errors it throws, the live region's announcer, the hold
 * remembered in sessionStorage, and small text helpers. Loaded before seat-map-box-office.js (from
 * seat-map-box-office.html), which reads them from `window.MarqueeBoxOfficeApi`.
 */
(function () {
  'use strict';

  /** Statuses a seat can be held in (the anonymous view never shows PREMIERE_AVAILABLE, a member's might). */
  var SELLABLE = ['AVAILABLE', 'UNBLOCKED', 'GA_OVERRIDE', 'PREMIERE_AVAILABLE'];

  var sentence = function (text) { return /[.!?]$/.test(text) ? text : text + '.'; };

  /** An error the API answered (its extensions.code and message), or a failure to reach it. */
  function ApiError(code, message) {
    this.code = code;
    this.message = message;
  }

  /**
   * A client of /graphql with `vendorKey`: `call(query, variables)` answers the first field of the data or
   * throws an ApiError. `skew` is the server's clock minus the browser's: from the Date header until an
   * order this page changed gives a better one (the caller sets `skew` and `lastUpdated` then).
   */
  function createClient(vendorKey) {
    var client = { skew: 0, lastUpdated: null, call: call };
    async function call(query, variables) {
      var res;
      try {
        res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-vendor-key': vendorKey },
          body: JSON.stringify({ query: query, variables: variables || {} }),
        });
      } catch {
        throw new ApiError('NETWORK', 'The service could not be reached; check the connection and try again');
      }
      var date = Date.parse(res.headers.get('date') || '');
      if (date && client.lastUpdated === null) client.skew = date - Date.now();
      var body = await res.json().catch(function () { return null; });
      if (!body) throw new ApiError('HTTP_' + res.status, 'The service answered ' + res.status);
      if (body.errors && body.errors.length) {
        var e = body.errors[0];
        throw new ApiError(e.extensions && e.extensions.code, e.message);
      }
      var data = body.data;
      return data[Object.keys(data)[0]];
    }
    return client;
  }

  /** Says `text` in the live region `el`; what is said in one go is read together, the same words twice are read twice. */
  function announcer(el) {
    var queued = [];
    return function announce(text) {
      if (!queued.length) {
        el.textContent = '';
        setTimeout(function () {
          el.textContent = queued.join(' ');
          queued = [];
        }, 50);
      }
      queued.push(sentence(text));
    };
  }

  /** The order id of the hold, kept in sessionStorage under `key`: `save(id or null)`, `load()` (0 or null when none). */
  function storage(key) {
    return {
      save: function (orderId) {
        try {
          if (orderId !== null) window.sessionStorage.setItem(key, String(orderId));
          else window.sessionStorage.removeItem(key);
        } catch {
          // No storage (private mode, disabled): a reload forgets the hold, which still expires by itself.
        }
      },
      load: function () {
        try {
          return Number(window.sessionStorage.getItem(key));
        } catch {
          return null;
        }
      },
    };
  }

  /** What the box office uses. */
  window.MarqueeBoxOfficeApi = {
    ApiError: ApiError,
    createClient: createClient,
    announcer: announcer,
    storage: storage,
    keyOf: function (row, column) { return row + ':' + column; },
    sellable: function (status) { return SELLABLE.indexOf(status) !== -1; },
    seatCount: function (n) { return n === 1 ? '1 seat' : n + ' seats'; },
    list: function (names) { return names.join(', '); },
    sentence: sentence,
    clock: new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
    byPlace: function (a, b) { return a.row - b.row || a.column - b.column; },
  };
})();
