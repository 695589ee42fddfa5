/*
 * What the box office shows (demo mode; docs/web.md, "Box office"): the person's seats marked on the map,
 * the selection's line and buttons, the zone choice, the hold panel with its seats and countdown, and
 * errors. Loaded after
 * seat-map-box-office-api.js and before seat-map-box-office.js (from seat-map-box-office.html), which
 * makes them with `window.MarqueeBoxOfficePanels(...)`.
 */
(function () {
  'use strict';

  var A = window.MarqueeBoxOfficeApi;
  var keyOf = A.keyOf;
  var seatCount = A.seatCount;
  var byPlace = A.byPlace;

  /**
   * The panels of one box office. `o`: { els (its elements), map (what seat-map.js gives it), selected (Map
   * "row:column" → cell), hold() (the current hold or null), releaseOne(key), readOrder(), announce(text) }.
   * Returns { mark, markAll, renderSelection, renderZoneChoice, renderHold, heldSeats, until, showError }.
   */
  window.MarqueeBoxOfficePanels = function (o) {
    var els = o.els;
    var map = o.map;
    var selected = o.selected;
    var ticker = null;

    /** Shows on a seat whether it is selected or held for this person (data-selected, data-mine, aria-pressed). */
    function mark(cell) {
      var hold = o.hold();
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
        ? 'Selected: ' + A.list(names) + '.'
        : 'No seats selected: click seats on the map, or move with the arrow keys and press Space.';
      var hadFocus = document.activeElement === els.holdSelected || document.activeElement === els.clear;
      els.holdSelected.disabled = !names.length;
      els.holdSelected.textContent = names.length ? 'Hold ' + seatCount(names.length) : 'Hold selected seats';
      els.clear.disabled = !names.length;
      // A disabled button cannot keep the focus: back to the map, to choose again.
      if (hadFocus && !names.length) map.focus();
    }

    /** Error words in the alert (a sentence), or none for ''. */
    function showError(text) {
      els.error.textContent = text ? A.sentence(text) : '';
      els.error.hidden = !text;
    }

    /** The zone choice of the best-seats form: the layout's zones, shown when there are two or more. */
    function renderZoneChoice(zones) {
      els.zone.length = 1;
      zones.forEach(function (z) { els.zone.add(new window.Option('Zone ' + z.zoneNumber + ': ' + z.description, String(z.zoneNumber))); });
      els.zoneField.hidden = zones.length < 2;
    }

    /** The held ticket lines, in seat order. */
    function heldSeats() {
      var hold = o.hold();
      return hold ? Array.from(hold.seats.values()).sort(byPlace) : [];
    }

    /** When the hold expires, as the browser's clock says it. */
    function until() {
      return A.clock.format(new Date(o.hold().expiresAt));
    }

    function renderHold() {
      var hold = o.hold();
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
        button.addEventListener('click', function () { o.releaseOne(keyOf(line.row, line.column)); });
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
      var hold = o.hold();
      if (!hold) return;
      var left = Math.max(0, Math.ceil((hold.expiresAt - Date.now()) / 1000));
      els.countdown.textContent = left > 0
        ? '(' + Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' left)'
        : '(time is up: releasing…)';
      if (left > 0 && left <= 60 && !hold.warned) {
        hold.warned = true;
        // After what the code that drew the hold says about it (a hold shorter than a minute).
        Promise.resolve().then(function () { o.announce('One minute left on your hold'); });
      }
      // The service's sweeper releases expired holds within about a second; the map then shows it, and a
      // seat of the hold turning available makes the order be read. This is in case no seat event comes.
      if (left === 0 && !hold.overdue) {
        hold.overdue = true;
        setTimeout(function () {
          var now = o.hold();
          if (now && now.overdue) void o.readOrder();
        }, 3000);
      }
    }

    return {
      mark: mark, markAll: markAll, renderSelection: renderSelection, renderZoneChoice: renderZoneChoice,
      renderHold: renderHold, heldSeats: heldSeats, until: until, showError: showError,
    };
  };
})();
