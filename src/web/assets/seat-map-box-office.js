/*
 * The seat map's box office, in demo mode only (docs/web.md, "Box office"). The server adds this script and
 * its controls (seat-map-box-office.html, carrying the demo vendor key) to the seat map in demo mode; the
 * map (seat-map.js) calls MarqueeBoxOffice(map, root) when it starts, then hands it clicks on seats (and
 * Enter or Space), status changes and a redrawn grid.
 *
 * A person selects seats, or asks for the best N together, and holds them as any client of the API would:
 * createOrder, then addTickets or addBestAvailableTickets on that order (later holds add to it); the
 * order's expiry gives the countdown; cancelOrder or removeOrderProduct releases them. The order id is kept
 * in sessionStorage, so a reload finds the hold again. What happens to the person's seats is said in a
 * live region; errors in words in an alert.
 */
(function () {
  'use strict';

  // The documents live in page-documents.js, which also puts them in the server's manifest.
  var DOCS = window.MarqueePageDocuments;
  var OPS = {
    create: DOCS.BoxOfficeCreate,
    add: DOCS.BoxOfficeHold,
    best: DOCS.BoxOfficeBest,
    remove: DOCS.BoxOfficeRemove,
    cancel: DOCS.BoxOfficeCancel,
    extend: DOCS.BoxOfficeExtend,
    read: DOCS.BoxOfficeOrder,
  };
  /** Statuses a seat can be held in (the anonymous view never shows PREMIERE_AVAILABLE, a member's might). */
  var SELLABLE = ['AVAILABLE', 'UNBLOCKED', 'GA_OVERRIDE', 'PREMIERE_AVAILABLE'];
  /** addTickets takes 1 to 20 seats a call. */
  var MAX_SELECTED = 20;

  var keyOf = function (row, column) { return row + ':' + column; };
  var sellable = function (status) { return SELLABLE.indexOf(status) !== -1; };
  var seatCount = function (n) { return n === 1 ? '1 seat' : n + ' seats'; };
  var list = function (names) { return names.join(', '); };
  var sentence = function (text) { return /[.!?]$/.test(text) ? text : text + '.'; };
  var clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  var byPlace = function (a, b) { return a.row - b.row || a.column - b.column; };

  /** An error the API answered (its extensions.code and message), or a failure to reach it. */
  function ApiError(code, message) {
    this.code = code;
    this.message = message;
  }

  window.MarqueeBoxOffice = function (map, root) {
    var $ = function (id) { return document.getElementById(id); };
    var vendorKey = root.dataset.vendorKey;
    var storageKey = 'marquee-box-office:' + map.showtimeId;
    var els = {
      selection: $('selection'), holdSelected: $('hold-selected'), clear: $('clear-selection'),
      best: $('best'), quantity: $('best-quantity'), zone: $('best-zone'), zoneField: $('best-zone-field'),
      accessible: $('best-accessible'), split: $('best-split'), holdBest: $('hold-best'),
      hold: $('hold'), summary: $('hold-summary'), countdown: $('countdown'), seats: $('hold-seats'),
      extend: $('extend'), release: $('release'), status: $('box-office-status'), error: $('box-office-error'),
    };

    /** Selected seats (cells of the map) by "row:column". */
    var selected = new Map();
    /** The hold: { orderId, seats: Map "row:column" → ticket line, expiresAt (browser ms) }, or null. */
    var hold = null;
    /** The request in flight ('hold', 'release', 'read'), or null: one at a time. */
    var busy = null;
    /** One of the held seats turned sellable on the map: read the order once nothing is in flight. */
    var recheck = false;
    /** The server's clock minus the browser's: from the Date header, then from orders this page changed. */
    var skew = 0;
    var lastUpdated = null;
    var ticker = null;
    var queued = [];

    /** Says `text` in the live region; what is said in one go is read together, the same words twice are read twice. */
    function announce(text) {
      if (!queued.length) {
        els.status.textContent = '';
        setTimeout(function () {
          els.status.textContent = queued.join(' ');
          queued = [];
        }, 50);
      }
      queued.push(sentence(text));
    }

    function showError(text) {
      els.error.textContent = text ? sentence(text) : '';
      els.error.hidden = !text;
    }

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
      if (date && lastUpdated === null) skew = date - Date.now();
      var body = await res.json().catch(function () { return null; });
      if (!body) throw new ApiError('HTTP_' + res.status, 'The service answered ' + res.status);
      if (body.errors && body.errors.length) {
        var e = body.errors[0];
        throw new ApiError(e.extensions && e.extensions.code, e.message);
      }
      var data = body.data;
      return data[Object.keys(data)[0]];
    }

    function store() {
      try {
        if (hold) window.sessionStorage.setItem(storageKey, String(hold.orderId));
        else window.sessionStorage.removeItem(storageKey);
      } catch {
        // No storage (private mode, disabled): a reload forgets the hold, which still expires by itself.
      }
    }

    /** Shows on a seat whether it is selected or held for this person (data-selected, data-mine, aria-pressed). */
    function mark(cell) {
      var key = keyOf(cell.seat.row, cell.seat.column);
      var mine = hold !== null && hold.seats.has(key);
      cell.button.setAttribute('aria-pressed', String(selected.has(key)));
      cell.button.toggleAttribute('data-selected', selected.has(key));
      cell.button.toggleAttribute('data-mine', mine);
      cell.note = mine ? 'held for you' : '';
      map.relabel(cell);
    }

    function markAll() {
      map.cells.forEach(mark);
      map.renderLegend();
    }

    function renderSelection() {
      var names = Array.from(selected.values()).map(function (cell) { return cell.seat; }).sort(byPlace)
        .map(function (seat) { return seat.seatName; });
      els.selection.textContent = names.length
        ? 'Selected: ' + list(names) + '.'
        : 'No seats selected: click seats on the map, or move with the arrow keys and press Space.';
      var hadFocus = document.activeElement === els.holdSelected || document.activeElement === els.clear;
      els.holdSelected.disabled = !names.length;
      els.holdSelected.textContent = names.length ? 'Hold ' + seatCount(names.length) : 'Hold selected seats';
      els.clear.disabled = !names.length;
      // A disabled button cannot keep the focus: back to the map, to choose again.
      if (hadFocus && !names.length) map.focus();
    }

    function heldSeats() {
      return hold ? Array.from(hold.seats.values()).sort(byPlace) : [];
    }

    function until() {
      return clock.format(new Date(hold.expiresAt));
    }

    function renderHold() {
      var hadFocus = els.hold.contains(document.activeElement);
      els.hold.hidden = !hold;
      els.seats.textContent = '';
      window.clearInterval(ticker);
      ticker = null;
      if (!hold) {
        if (hadFocus) map.focus();
        return;
      }
      heldSeats().forEach(function (line) {
        var li = document.createElement('li');
        li.appendChild(document.createTextNode(line.seatName + ' '));
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'secondary';
        button.textContent = 'Release';
        button.setAttribute('aria-label', 'Release seat ' + line.seatName);
        button.addEventListener('click', function () { releaseOne(keyOf(line.row, line.column)); });
        li.appendChild(button);
        els.seats.appendChild(li);
      });
      els.summary.textContent = seatCount(hold.seats.size) + ' held until ' + until() + '.';
      if (hadFocus && !els.hold.contains(document.activeElement)) els.release.focus();
      ticker = window.setInterval(tick, 1000);
      tick();
    }

    /** The countdown; a minute before the end it says so once; past the end it asks the order what happened. */
    function tick() {
      if (!hold) return;
      var left = Math.max(0, Math.ceil((hold.expiresAt - Date.now()) / 1000));
      els.countdown.textContent = left > 0
        ? '(' + Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' left)'
        : '(time is up: releasing…)';
      if (left > 0 && left <= 60 && !hold.warned) {
        hold.warned = true;
        // After what the code that drew the hold says about it (a hold shorter than a minute).
        Promise.resolve().then(function () { announce('One minute left on your hold'); });
      }
      // The service's sweeper releases expired holds within about a second; the map then shows it, and a
      // seat of the hold turning available makes the order be read. This is in case no seat event comes.
      if (left === 0 && !hold.overdue) {
        hold.overdue = true;
        setTimeout(function () { if (hold && hold.overdue) void readOrder(); }, 3000);
      }
    }

    /**
     * Takes the hold from an order: its held tickets of this showtime while it is pending. `changed`: the
     * request changed the order, so its lastUpdatedDateUtc is the server's time of the answer.
     */
    function applyOrder(order, changed) {
      if (changed && order.lastUpdatedDateUtc !== lastUpdated) {
        skew = Date.parse(order.lastUpdatedDateUtc) - Date.now();
        lastUpdated = order.lastUpdatedDateUtc;
      }
      var seats = new Map();
      if (order.status === 'PENDING') {
        order.products.forEach(function (p) {
          if (p.kind === 'TICKET' && p.status === 'HELD' && p.showtimeId === map.showtimeId) seats.set(keyOf(p.row, p.column), p);
        });
      }
      var expiresAt = Date.parse(order.expirationDateUtc) - skew;
      // Said once per expiry: a read of the order does not say "one minute left" again.
      var warned = hold !== null && hold.warned === true && Math.abs(hold.expiresAt - expiresAt) < 1000;
      hold = seats.size ? { orderId: order.id, seats: seats, expiresAt: expiresAt, warned: warned } : null;
      seats.forEach(function (line, key) { selected.delete(key); });
      store();
      markAll();
      renderSelection();
      renderHold();
    }

    /** Runs one request at a time; its error is shown in words; the map is compared with the result after. */
    async function run(kind, work) {
      if (busy) return;
      busy = kind;
      root.setAttribute('aria-busy', 'true');
      if (kind !== 'read') showError('');
      try {
        await work();
      } catch (err) {
        failed(err);
      } finally {
        busy = null;
        root.setAttribute('aria-busy', 'false');
        settle();
      }
    }

    function failed(err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'ORDER_EXPIRED' && hold) return ended('EXPIRED');
      // The allocator's words name its API flag; the person knows it as the checkbox.
      if (err.code === 'SEAT_UNAVAILABLE') return showError('Not held. ' + err.message.replace('with allowSplit', 'if you may sit in more than one row,'));
      // The order may have changed elsewhere (cancelled, sold): read what it is now.
      if (hold && busy !== 'read' && ['ORDER_STATE', 'NOT_FOUND', 'FORBIDDEN'].indexOf(err.code) !== -1) recheck = true;
      showError('That did not work: ' + err.message);
    }

    /** The hold ended by itself (expired) or elsewhere (cancelled, sold): said in words, the page forgets it. */
    function ended(how) {
      var names = list(heldSeats().map(function (line) { return line.seatName; }));
      var at = hold ? until() : '';
      hold = null;
      store();
      markAll();
      renderHold();
      if (how === 'EXPIRED') showError('Your hold expired at ' + at + ' and its seats were released: ' + names + '. Choose seats again to hold new ones');
      else showError('Your hold ended elsewhere (the order is ' + how.toLowerCase() + '); seats ' + names + ' are no longer held for you');
    }

    /** Holds with `add(orderId)` on the current order, or on a new one (cancelled again if nothing was held). */
    async function withOrder(add) {
      if (hold) return add(hold.orderId);
      var created = await call(OPS.create);
      try {
        return await add(created.id);
      } catch (err) {
        call(OPS.cancel, { id: created.id }).catch(function () { /* it expires by itself */ });
        throw err;
      }
    }

    /** A hold succeeded: the person hears which seats and until when. */
    function held(order) {
      var before = new Set(hold ? hold.seats.keys() : []);
      applyOrder(order, true);
      if (!hold) return;
      var added = heldSeats().filter(function (line) { return !before.has(keyOf(line.row, line.column)); })
        .map(function (line) { return line.seatName; });
      if (added.length === hold.seats.size) announce(seatCount(added.length) + ' held until ' + until() + ': ' + list(added));
      else announce(added.length + (added.length === 1 ? ' more seat' : ' more seats') + ' held: ' + list(added) + '. All ' + hold.seats.size + ' held until ' + until());
    }

    function holdSelected() {
      var seats = Array.from(selected.values()).map(function (cell) { return { row: cell.seat.row, column: cell.seat.column }; });
      if (!seats.length) return;
      void run('hold', async function () {
        held(await withOrder(function (orderId) {
          return call(OPS.add, { input: { orderId: orderId, showtimeId: map.showtimeId, seats: seats } });
        }));
      });
    }

    function holdBest(event) {
      event.preventDefault();
      var quantity = Number(els.quantity.value);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10) {
        showError('Ask for 1 to 10 seats');
        return els.quantity.focus();
      }
      var input = {
        showtimeId: map.showtimeId,
        quantity: quantity,
        zoneNumber: els.zone.value ? Number(els.zone.value) : null,
        accessible: els.accessible.checked,
        allowSplit: els.split.checked,
      };
      void run('hold', async function () {
        held(await withOrder(function (orderId) {
          return call(OPS.best, { input: Object.assign({ orderId: orderId }, input) });
        }));
      });
    }

    function releaseAll() {
      if (!hold) return;
      var id = hold.orderId;
      var names = heldSeats().map(function (line) { return line.seatName; });
      void run('release', async function () {
        applyOrder(await call(OPS.cancel, { id: id }), false);
        announce(names.length === 1 ? 'Seat ' + names[0] + ' released' : 'Seats released: ' + list(names));
      });
    }

    function releaseOne(key) {
      if (!hold || !hold.seats.has(key)) return;
      if (hold.seats.size === 1) return releaseAll();
      var line = hold.seats.get(key);
      var id = hold.orderId;
      void run('release', async function () {
        applyOrder(await call(OPS.remove, { id: id, line: line.lineNumber }), true);
        announce('Seat ' + line.seatName + ' released' + (hold ? '; ' + seatCount(hold.seats.size) + ' still held until ' + until() : ''));
      });
    }

    function extend() {
      if (!hold) return;
      var id = hold.orderId;
      void run('hold', async function () {
        applyOrder(await call(OPS.extend, { id: id }), true);
        if (hold) announce(seatCount(hold.seats.size) + ' held until ' + until());
      });
    }

    /** Reads the order: whatever the service says is held is the hold; what it no longer holds is said. */
    async function readOrder() {
      if (!hold) return;
      if (busy) {
        recheck = true;
        return;
      }
      var was = hold;
      await run('read', async function () {
        var order = null;
        try {
          order = await call(OPS.read, { id: was.orderId });
        } catch (err) {
          if (!(err instanceof ApiError) || ['NOT_FOUND', 'FORBIDDEN'].indexOf(err.code) === -1) throw err;
        }
        if (!was.seats.size && (!order || order.status !== 'PENDING')) {
          // A hold remembered from before a reload that has ended meanwhile: nothing to say.
          hold = null;
          return store();
        }
        if (!order || order.status !== 'PENDING') return ended(!order ? 'GONE' : order.status === 'ABANDONDED' ? 'EXPIRED' : order.status);
        applyOrder(order, false);
        var lost = Array.from(was.seats.keys()).filter(function (key) { return !hold || !hold.seats.has(key); })
          .map(function (key) { return was.seats.get(key).seatName; });
        if (lost.length) announce((lost.length === 1 ? 'Seat ' + lost[0] + ' is' : 'Seats ' + list(lost) + ' are') + ' no longer held for you');
      });
    }

    /**
     * Compares the person's seats with the map once no request of theirs is in flight (during one, a seat
     * turning Locked may be their own hold): a selected seat that someone else took is dropped and said.
     */
    function settle() {
      if (busy) return;
      var taken = [];
      var closed = [];
      selected.forEach(function (cell, key) {
        if (sellable(cell.status)) return;
        selected.delete(key);
        mark(cell);
        if (hold && hold.seats.has(key)) return;
        (cell.status === 'LOCKED' || cell.status === 'SOLD' ? taken : closed).push(cell.seat.seatName);
      });
      if (taken.length) announce(taken.length === 1 ? 'Seat ' + taken[0] + ' was taken by someone else' : 'Seats ' + list(taken) + ' were taken by someone else');
      if (closed.length) announce((closed.length === 1 ? 'Seat ' + closed[0] + ' is' : 'Seats ' + list(closed) + ' are') + ' no longer available');
      if (taken.length || closed.length) {
        renderSelection();
        map.renderLegend();
      }
      if (recheck) {
        recheck = false;
        void readOrder();
      }
    }

    els.holdSelected.addEventListener('click', holdSelected);
    els.clear.addEventListener('click', function () {
      selected.clear();
      markAll();
      renderSelection();
      announce('Selection cleared');
    });
    els.best.addEventListener('submit', holdBest);
    els.quantity.addEventListener('input', function () {
      var n = Number(els.quantity.value);
      els.holdBest.textContent = n === 1 ? 'Hold the best seat' : 'Hold the best ' + (n > 1 ? n + ' ' : '') + 'seats';
    });
    els.release.addEventListener('click', releaseAll);
    els.extend.addEventListener('click', extend);
    $('map').setAttribute('aria-label', 'Seats, the screen at the top; arrow keys move between seats, Space or Enter selects one');
    renderSelection();

    var first = true;
    return {
      /** A click, Enter or Space on a seat: (de)selects it; returns what to say about it. */
      activate: function (cell) {
        var key = keyOf(cell.seat.row, cell.seat.column);
        var name = cell.seat.seatName;
        if (hold && hold.seats.has(key)) return name + ' is held for you; release it below.';
        if (selected.has(key)) {
          selected.delete(key);
        } else if (!sellable(cell.status)) {
          return name + ' cannot be selected: ' + map.statusWords(cell.status) + '.';
        } else if (selected.size >= MAX_SELECTED) {
          return 'At most ' + MAX_SELECTED + ' seats can be held at once.';
        } else {
          selected.set(key, cell);
        }
        mark(cell);
        renderSelection();
        map.renderLegend();
        return name + (selected.has(key) ? ' selected; ' : ' deselected; ') + seatCount(selected.size) + ' selected.';
      },
      /** Seats whose status changed ({ cell, from, to }). */
      changed: function (changes) {
        changes.forEach(function (change) {
          var key = keyOf(change.cell.seat.row, change.cell.seat.column);
          if (hold && hold.seats.has(key) && sellable(change.to)) recheck = true;
        });
        settle();
      },
      /** The grid was drawn (again, for a new layout version): new cells. */
      drawn: function () {
        selected.clear();
        var zones = map.zones();
        els.zone.length = 1;
        zones.forEach(function (z) { els.zone.add(new window.Option('Zone ' + z.zoneNumber + ': ' + z.description, String(z.zoneNumber))); });
        els.zoneField.hidden = zones.length < 2;
        markAll();
        renderSelection();
        if (first) {
          first = false;
          var stored = null;
          try {
            stored = Number(window.sessionStorage.getItem(storageKey));
          } catch {
            stored = null;
          }
          if (stored) {
            hold = { orderId: stored, seats: new Map(), expiresAt: Date.now() };
            void readOrder();
          }
        }
      },
      /** Legend entries: [attribute, label, count]. */
      legend: function () {
        return [['data-selected', 'Selected', selected.size], ['data-mine', 'Held for you', hold ? hold.seats.size : 0]];
      },
    };
  };
})();
