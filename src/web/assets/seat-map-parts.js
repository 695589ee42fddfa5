/*
 * The seat map's words and pieces that need none of its state (docs/web.md): what each status and seat type
 * is called, how a seat, a time and a price are said, the legend and zone lists, and which seat an arrow
 * key moves to. Loaded before seat-map.js (seat-map.html), which reads them from `window.MarqueeSeatMapParts`.
 */
(function () {
  'use strict';

  /** GraphQL enum value → [the spec's spelling (REST, data-status), what a person reads]. */
  var STATUSES = {
    AVAILABLE: ['Available', 'Available'],
    PREMIERE_AVAILABLE: ['PremiereAvailable', 'Premiere, available'],
    UNBLOCKED: ['Unblocked', 'Available (released)'],
    GA_OVERRIDE: ['GAOverride', 'General admission'],
    LOCKED: ['Locked', 'Held'],
    SOLD: ['Sold', 'Sold'],
    PREMIERE_UNAVAILABLE: ['PremiereUnavailable', 'Premiere members only'],
    BLOCKED_FOR_SOCIAL_DISTANCE: ['BlockedForSocialDistance', 'Blocked for distancing'],
    BLOCKED: ['Blocked', 'Not for sale'],
  };
  /** Always in the legend; the others when the map has them. */
  var LEGEND_ALWAYS = ['AVAILABLE', 'LOCKED', 'SOLD'];
  var TYPES = {
    WHEELCHAIR: 'wheelchair space',
    COMPANION: 'companion seat',
    LOVE_SEAT_LEFT: 'loveseat, left half',
    LOVE_SEAT_RIGHT: 'loveseat, right half',
    RECLINER: 'recliner',
    GENERAL_ADMISSION: 'general admission',
    BLOCKED: 'out of service',
  };
  var MOVES = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];

  /** "C7" → { row: "C", number: "7" }; other names stay whole. */
  function splitName(name) {
    var m = /^([A-Za-z]+)\s*(\d+)$/.exec(name);
    return m ? { row: m[1], number: m[2] } : null;
  }

  function statusWords(status) {
    return (STATUSES[status] || [status, status])[1];
  }

  /** A seat's label: where it is, its status, its type and the box office's note. */
  function describe(cell) {
    var parts = splitName(cell.seat.seatName);
    var where = parts ? 'Row ' + parts.row + ', seat ' + parts.number : 'Seat ' + cell.seat.seatName;
    var type = TYPES[cell.seat.type];
    return where + ', ' + statusWords(cell.status) + (type ? ', ' + type : '') + (cell.note ? ', ' + cell.note : '');
  }

  /** What a seat is: its status, tier, type and zone (the zone of the layout, or undefined). */
  function details(cell, zone) {
    return cell.seat.seatName + ': ' + statusWords(cell.status) +
      ' · ' + (cell.seat.seatTier || 'no tier') + (TYPES[cell.seat.type] ? ', ' + TYPES[cell.seat.type] : '') +
      (zone ? ' · zone ' + zone.zoneNumber + ', ' + zone.description : '');
  }

  /** Theatre-local "YYYY-MM-DDTHH:mm:ss" as words, without converting it to the browser's zone. */
  function localTime(text) {
    var m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
    if (!m) return text;
    var date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]));
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'UTC',
    }).format(date);
  }

  function money(n) { return '$' + n.toFixed(2); }

  /** The extensions.code of each GraphQL error. */
  function codesOf(errors) {
    return (errors || []).map(function (e) { return e && e.extensions && e.extensions.code; });
  }

  /** Fills the list `el` with the layout's zones and their price differences. */
  function renderZones(el, list) {
    el.textContent = '';
    list.forEach(function (z) {
      var li = document.createElement('li');
      var price = z.surchargeAmount > 0 ? ' (+' + money(z.surchargeAmount) + ')' : z.discountAmount > 0 ? ' (−' + money(z.discountAmount) + ')' : '';
      li.textContent = 'Zone ' + z.zoneNumber + ': ' + z.description + price;
      el.appendChild(li);
    });
  }

  /** A legend entry: a swatch (by status or seat type, as the seats are drawn) and its words. */
  function legendItem(attribute, value, label, count) {
    var li = document.createElement('li');
    var swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.setAttribute(attribute, value);
    swatch.setAttribute('aria-hidden', 'true');
    li.appendChild(swatch);
    li.appendChild(document.createTextNode(label + ' '));
    var n = document.createElement('span');
    n.className = 'count';
    n.textContent = String(count);
    li.appendChild(n);
    return li;
  }

  /**
   * Fills the list `el` with the legend of `cells` (the map's cells): the statuses it has (and the usual
   * three), wheelchair and companion seats, then `extra` entries ([attribute, label, count]).
   */
  function renderLegend(el, cells, extra) {
    var counts = {};
    var types = {};
    cells.forEach(function (cell) {
      counts[cell.status] = (counts[cell.status] || 0) + 1;
      types[cell.seat.type] = (types[cell.seat.type] || 0) + 1;
    });
    el.textContent = '';
    Object.keys(STATUSES).forEach(function (status) {
      if (!counts[status] && LEGEND_ALWAYS.indexOf(status) === -1) return;
      el.appendChild(legendItem('data-status', STATUSES[status][0], STATUSES[status][1], counts[status] || 0));
    });
    ['WHEELCHAIR', 'COMPANION'].forEach(function (type) {
      var label = TYPES[type].charAt(0).toUpperCase() + TYPES[type].slice(1);
      if (types[type]) el.appendChild(legendItem('data-type', type, label, types[type]));
    });
    (extra || []).forEach(function (item) { el.appendChild(legendItem(item[0], '', item[1], item[2])); });
  }

  /**
   * Where a key moves from the cell `from` among `cells`: arrows to the nearest seat that way, Home/End to
   * the row's ends. Returns undefined for other keys, null when there is no seat that way, else the cell.
   */
  function seatToward(cells, from, key) {
    if (MOVES.indexOf(key) === -1) return undefined;
    var r = from.seat.row;
    var c = from.seat.column;
    var score = function (cell) {
      var dr = cell.seat.row - r;
      var dc = cell.seat.column - c;
      switch (key) {
        case 'ArrowRight': return dr === 0 && dc > 0 ? dc : null;
        case 'ArrowLeft': return dr === 0 && dc < 0 ? -dc : null;
        case 'ArrowDown': return dr > 0 ? dr * 1000 + Math.abs(dc) : null;
        case 'ArrowUp': return dr < 0 ? -dr * 1000 + Math.abs(dc) : null;
        case 'Home': return dr === 0 ? dc : null;
        case 'End': return dr === 0 ? -dc : null;
        default: return null;
      }
    };
    var best = null;
    var bestScore = Infinity;
    cells.forEach(function (cell) {
      var s = cell === from ? null : score(cell);
      if (s !== null && s < bestScore) { bestScore = s; best = cell; }
    });
    return best;
  }

  /** What seat-map.js uses. */
  window.MarqueeSeatMapParts = {
    STATUSES: STATUSES,
    splitName: splitName,
    statusWords: statusWords,
    describe: describe,
    details: details,
    localTime: localTime,
    codesOf: codesOf,
    renderZones: renderZones,
    renderLegend: renderLegend,
    seatToward: seatToward,
  };
})();
