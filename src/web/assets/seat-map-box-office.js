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
 *
 * The API client, the announcer, the stored order id and the words are in seat-map-box-office-api.js; the
 * selection, the seats' marks, the zone choice, the hold panel and errors in seat-map-box-office-panels.js.
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
  /** addTickets takes 1 to 20 seats a call. */
  var MAX_SELECTED = 20;

  // The client, the words and the panels live in seat-map-box-office-api.js and -panels.js, loaded before this.
  var A = window.MarqueeBoxOfficeApi;
  var ApiError = A.ApiError;
  var keyOf = A.keyOf;
  var sellable = A.sellable;
  var seatCount = A.seatCount;
  var list = A.list;

  window.MarqueeBoxOffice = function (map, root) {
    var $ = function (id) { return document.getElementById(id); };
    var api = A.createClient(root.dataset.vendorKey);
    var call = api.call;
    var storage = A.storage('marquee-box-office:' + map.showtimeId);
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
    var announce = A.announcer(els.status);

    function store() {
      storage.save(hold ? hold.orderId : null);
    }

    var panels = window.MarqueeBoxOfficePanels({
      els: els, map: map, selected: selected, hold: function () { return hold; },
      releaseOne: function (key) { releaseOne(key); }, readOrder: function () { return readOrder(); }, announce: announce,
    });
    var mark = panels.mark;
    var markAll = panels.markAll;
    var renderSelection = panels.renderSelection;
    var renderHold = panels.renderHold;
    var heldSeats = panels.heldSeats;
    var until = panels.until;
    var showError = panels.showError;

    /**
     * Takes the hold from an order: its held tickets of this showtime while it is pending. `changed`: the
     * request changed the order, so its lastUpdatedDateUtc is the server's time of the answer.
     */
    function applyOrder(order, changed) {
      if (changed && order.lastUpdatedDateUtc !== api.lastUpdated) {
        api.skew = Date.parse(order.lastUpdatedDateUtc) - Date.now();
        api.lastUpdated = order.lastUpdatedDateUtc;
      }
      var seats = new Map();
      if (order.status === 'PENDING') {
        order.products.forEach(function (p) {
          if (p.kind === 'TICKET' && p.status === 'HELD' && p.showtimeId === map.showtimeId) seats.set(keyOf(p.row, p.column), p);
        });
      }
      var expiresAt = Date.parse(order.expirationDateUtc) - api.skew;
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
        panels.renderZoneChoice(map.zones());
        markAll();
        renderSelection();
        if (first) {
          first = false;
          var stored = storage.load();
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
