/*
 * The live seat map of one showtime (served at /seat-map/{showtimeId}; docs/web.md).
 * Loads the showtime, its layout and the seat statuses with one GraphQL query over HTTP, then follows
 * `seatStatusChanged` over graphql-ws. After a dropped connection it subscribes again with the last
 * cursor it applied, so it receives exactly what it missed; when the cursor is too old (CURSOR_EXPIRED)
 * or refused, it loads the map again. Contract for tests and embedders: every seat is a
 * <button data-seat="{seatName}" data-status="{status}">, the status in the spec's spelling (Available,
 * Locked, Sold, …), changed in place. In demo mode the server adds the box office
 * (seat-map-box-office.js), which this script hands clicks on seats, status changes and a redrawn grid.
 * The words, the legend and zone lists and arrow-key moves are in seat-map-parts.js, loaded before it.
 */
/* global graphqlWs */
(function () {
  'use strict';

  // Words, the legend, the zones and arrow-key moves live in seat-map-parts.js, loaded before this script.
  var P = window.MarqueeSeatMapParts;
  var splitName = P.splitName;

  // The page's documents live in page-documents.js, which also puts them in the server's manifest.
  var QUERY = window.MarqueePageDocuments.SeatMap;
  var SUBSCRIPTION = window.MarqueePageDocuments.SeatChanges;

  var showtimeId = Number(location.pathname.split('/').pop());
  var $ = function (id) { return document.getElementById(id); };
  var mapEl = $('map');

  /** Seats by "row:column": { button, seat, status }. */
  var cells = new Map();
  var layoutKey = null;
  var zones = new Map();
  var cursor = null;
  var attempt = 0;
  var generation = 0;
  var dispose = null;
  var retryTimer = null;
  var client = null;
  /** The box office (demo mode): { activate, changed, drawn, legend }, or null on a view-only map. */
  var boxOffice = null;

  function setConnection(state, text) {
    document.body.dataset.connection = state;
    $('connection').textContent = text;
  }

  function showError(text) {
    var el = $('error');
    el.textContent = text;
    el.hidden = !text;
  }

  async function graphql(query, variables) {
    var res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: query, variables: variables }),
    });
    var body = await res.json();
    if (body.errors && body.errors.length) throw new Error(body.errors[0].message);
    return body.data;
  }

  /** Sets a seat's status; returns whether it changed. */
  function setStatus(cell, status) {
    if (cell.status === status) return false;
    cell.status = status;
    cell.button.dataset.status = (P.STATUSES[status] || [status])[0];
    cell.button.setAttribute('aria-label', P.describe(cell));
    return true;
  }

  function renderHeader(showtime) {
    document.title = showtime.movieName + ' — seat map — Marquee';
    $('movie').textContent = showtime.movieName + (showtime.isCanceled ? ' (canceled)' : '');
    $('theatre').textContent = showtime.theatre.name;
    $('auditorium').textContent = '· Auditorium ' + showtime.auditorium + ' ·';
    $('time').dateTime = showtime.showDateTimeLocal;
    $('time').textContent = P.localTime(showtime.showDateTimeLocal);
  }

  /** Draws the grid of a layout version: seats at their row and column, row letters on both sides. */
  function renderGrid(map) {
    var layout = map.layout;
    mapEl.textContent = '';
    cells.clear();
    mapEl.style.setProperty('--columns', String(map.columns));
    var rowNames = new Map();
    layout.seats.forEach(function (seat) {
      if (seat.type === 'NOT_A_SEAT') return;
      var parts = splitName(seat.seatName);
      if (parts && !rowNames.has(seat.row)) rowNames.set(seat.row, parts.row);
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'seat';
      button.tabIndex = -1;
      button.dataset.seat = seat.seatName;
      button.dataset.type = seat.type;
      button.textContent = parts ? parts.number : seat.seatName;
      button.style.gridRow = String(seat.row);
      button.style.gridColumn = String(seat.column + 1);
      var cell = { button: button, seat: seat, status: null, note: '' };
      button.addEventListener('click', function () { activate(cell); });
      cells.set(seat.row + ':' + seat.column, cell);
      mapEl.appendChild(button);
    });
    rowNames.forEach(function (name, row) {
      [1, map.columns + 2].forEach(function (column) {
        var label = document.createElement('span');
        label.className = 'row-label';
        label.setAttribute('aria-hidden', 'true');
        label.textContent = name;
        label.style.gridRow = String(row);
        label.style.gridColumn = String(column);
        mapEl.appendChild(label);
      });
    });
    var first = mapEl.querySelector('.seat');
    if (first) first.tabIndex = 0;
    zones = new Map(layout.zones.map(function (z) { return [z.zoneNumber, z]; }));
    P.renderZones($('zones'), layout.zones);
    if (boxOffice) boxOffice.drawn();
  }

  function renderLegend() {
    P.renderLegend($('legend'), cells, boxOffice ? boxOffice.legend() : []);
  }

  /** Makes a seat the map's one tab stop (roving tabindex). */
  function rove(cell) {
    var current = mapEl.querySelector('.seat[tabindex="0"]');
    if (current && current !== cell.button) current.tabIndex = -1;
    cell.button.tabIndex = 0;
  }

  /** A click, or Enter or Space on a seat: the box office selects it; a view-only map describes it. */
  function activate(cell) {
    rove(cell);
    $('selected').textContent = (boxOffice && boxOffice.activate(cell)) || P.details(cell, zones.get(cell.seat.zoneNumber));
  }

  /** Applies seats of a message (or the whole map) and tells the box office which seats changed. */
  function applySeats(seats) {
    var changes = [];
    seats.forEach(function (s) {
      var cell = cells.get(s.row + ':' + s.column);
      if (!cell) return;
      var from = cell.status;
      if (setStatus(cell, s.seatStatus)) changes.push({ cell: cell, from: from, to: s.seatStatus });
    });
    renderLegend();
    if (boxOffice && changes.length) boxOffice.changed(changes);
  }

  /** (Re)loads the showtime and its map over HTTP; the layout is drawn again only when its version changed. */
  async function load() {
    var data = await graphql(QUERY, { id: showtimeId });
    if (!data.showtime) {
      stop('This showtime no longer exists.');
      return false;
    }
    var map = data.showtime.seatingLayout;
    renderHeader(data.showtime);
    var key = map.layout.id + '/' + map.layout.versionNumber;
    if (key !== layoutKey) {
      renderGrid(map);
      layoutKey = key;
      // On a narrow screen the map scrolls sideways: start from its middle, facing the screen.
      var view = $('auditorium-view');
      view.scrollLeft = (view.scrollWidth - view.clientWidth) / 2;
    }
    // seatStatuses is aligned with layout.seats, cell for cell.
    applySeats(map.layout.seats.map(function (seat, i) {
      return { row: seat.row, column: seat.column, seatStatus: map.seatStatuses[i] };
    }));
    return true;
  }

  function stop(message) {
    generation += 1;
    clearTimeout(retryTimer);
    if (dispose) dispose();
    setConnection('stopped', 'Not live');
    showError(message);
  }

  /** Tries again later, backing off (0.25 s doubling to 8 s, with jitter), with the same cursor. */
  function retry() {
    if (dispose) dispose();
    dispose = null;
    generation += 1;
    setConnection('reconnecting', 'Reconnecting… the map may be out of date');
    clearTimeout(retryTimer);
    var delay = Math.min(8000, 250 * Math.pow(2, attempt)) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    retryTimer = setTimeout(subscribe, delay);
  }

  /** The subscription refused our cursor or failed: reload the map when the cursor is the problem. */
  async function failed(errors) {
    var codes = P.codesOf(errors);
    if (codes.indexOf('NOT_FOUND') !== -1) return stop('This showtime no longer exists.');
    if (cursor !== null && (codes.indexOf('CURSOR_EXPIRED') !== -1 || codes.indexOf('BAD_USER_INPUT') !== -1)) {
      // The log no longer reaches back to our cursor (or it is not one of this map): start over.
      cursor = null;
      generation += 1;
      if (dispose) dispose();
      try {
        if (!(await load())) return;
      } catch {
        return retry();
      }
      return subscribe();
    }
    retry();
  }

  function subscribe() {
    var gen = ++generation;
    setConnection(cursor === null ? 'connecting' : 'reconnecting', cursor === null ? 'Connecting…' : 'Reconnecting…');
    dispose = client.subscribe(
      { query: SUBSCRIPTION, variables: { id: showtimeId, after: cursor } },
      {
        next: function (result) {
          if (gen !== generation) return;
          if (result.errors && result.errors.length) return void failed(result.errors);
          var change = result.data && result.data.seatStatusChanged;
          if (!change) return;
          // A first message, a replayed change or a resync (the whole map): each lists its seats.
          applySeats(change.seats);
          cursor = change.cursor;
          attempt = 0;
          showError('');
          setConnection('live', 'Live: seats change as they are held and sold');
        },
        error: function (err) {
          if (gen !== generation) return;
          void failed(Array.isArray(err) ? err : null);
        },
        complete: function () {
          if (gen === generation) retry();
        },
      },
    );
  }

  /** Arrow keys move between seats (one tab stop for the whole map); Home/End to a row's ends. */
  function onKey(event) {
    var target = event.target;
    if (!target.classList || !target.classList.contains('seat')) return;
    var from = null;
    cells.forEach(function (cell) { if (cell.button === target) from = cell; });
    if (!from) return;
    var best = P.seatToward(cells, from, event.key);
    if (best === undefined) return;
    event.preventDefault();
    if (!best) return;
    rove(best);
    best.button.focus();
  }

  /** What the box office may use of the map. */
  var mapApi = {
    showtimeId: showtimeId,
    /** Seats by "row:column": { button, seat, status, note } (note: added to the seat's label). */
    cells: cells,
    zones: function () { return Array.from(zones.values()); },
    statusWords: P.statusWords,
    relabel: function (cell) { cell.button.setAttribute('aria-label', P.describe(cell)); },
    renderLegend: renderLegend,
    /** Moves keyboard focus to the map's tab stop. */
    focus: function () {
      var seat = mapEl.querySelector('.seat[tabindex="0"]');
      if (seat) seat.focus();
    },
  };

  async function start() {
    if (!Number.isInteger(showtimeId) || showtimeId < 1) return stop('This is not a showtime id.');
    mapEl.addEventListener('keydown', onKey);
    var boxOfficeEl = $('box-office');
    if (boxOfficeEl && window.MarqueeBoxOffice) boxOffice = window.MarqueeBoxOffice(mapApi, boxOfficeEl);
    for (var wait = 1000; ; wait = Math.min(wait * 2, 15000)) {
      try {
        if (!(await load())) return;
        break;
      } catch (err) {
        showError('Could not load the seat map (' + err.message + '); trying again.');
        await new Promise(function (resolve) { setTimeout(resolve, wait); });
      }
    }
    client = graphqlWs.createClient({
      url: (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql',
      lazy: true,
      // We retry ourselves, with the last cursor: the client's own retry would resubscribe from the start.
      retryAttempts: 0,
    });
    // A resumed subscription with nothing missed sends nothing: being connected again is being live.
    client.on('connected', function () {
      if (cursor !== null && document.body.dataset.connection === 'reconnecting') {
        attempt = 0;
        setConnection('live', 'Live: seats change as they are held and sold');
      }
    });
    window.addEventListener('online', function () {
      if (document.body.dataset.connection === 'reconnecting') {
        clearTimeout(retryTimer);
        subscribe();
      }
    });
    subscribe();
  }

  // This script is deferred; so is the box office's, later in the page. Every deferred script has run by
  // DOMContentLoaded, so the box office is there when the map starts.
  document.addEventListener('DOMContentLoaded', function () { void start(); });
})();
