/*
 * Every GraphQL document the service's own pages send (the seat map, its box office, GraphiQL's default
 * editor text), in one place. The pages read them from `window.MarqueePageDocuments`; the server requires
 * this file at start and puts each one in the trusted-documents manifest (src/graphql/documents.ts), so
 * the pages keep working when GRAPHQL_UNTRUSTED_DOCUMENTS refuses other documents. Change a text here and
 * both sides change with it.
 */
(function (root) {
  'use strict';

  var ORDER = 'id status lastUpdatedDateUtc expirationDateUtc products { lineNumber kind status showtimeId row column seatName }';
  var documents = {
    SeatMap:
      'query SeatMap($id: Int!) { showtime(id: $id) { id movieName showDateTimeLocal auditorium isCanceled ' +
      'theatre { name } seatingLayout { rows columns seatStatuses layout { id versionNumber ' +
      'seats { row column seatName type seatTier zoneNumber } zones { zoneNumber description surchargeAmount discountAmount } } } } }',
    SeatChanges:
      'subscription SeatChanges($id: Int!, $after: String) { seatStatusChanged(showtimeId: $id, after: $after) ' +
      '{ cursor resync seats { row column seatStatus } } }',
    BoxOfficeCreate: 'mutation BoxOfficeCreate { createOrder(input: {}) { ' + ORDER + ' } }',
    BoxOfficeHold: 'mutation BoxOfficeHold($input: AddTicketsInput!) { addTickets(input: $input) { ' + ORDER + ' } }',
    BoxOfficeBest:
      'mutation BoxOfficeBest($input: AddBestAvailableTicketsInput!) { addBestAvailableTickets(input: $input) { ' + ORDER + ' } }',
    BoxOfficeRemove:
      'mutation BoxOfficeRemove($id: Int!, $line: Int!) { removeOrderProduct(orderId: $id, lineNumber: $line) { ' + ORDER + ' } }',
    BoxOfficeCancel: 'mutation BoxOfficeCancel($id: Int!) { cancelOrder(orderId: $id) { ' + ORDER + ' } }',
    BoxOfficeExtend: 'mutation BoxOfficeExtend($id: Int!) { refreshOrderExpiration(orderId: $id) { ' + ORDER + ' } }',
    BoxOfficeOrder: 'query BoxOfficeOrder($id: Int!) { order(id: $id) { ' + ORDER + ' } }',
    // GraphiQL sends the whole editor text, comments included: run as it opens, it is this document.
    GraphiqlDefault: [
      // Lines of at most 50 characters: the editor shows about 50 at 1280 px (browser-page-layout test).
      '# Marquee GraphQL IDE: queries and mutations',
      '# over HTTP, subscriptions over graphql-ws.',
      '#',
      '# Headers: open "Headers" below, type JSON:',
      '#   {"X-Vendor-Key": "demo-vendor-key"}',
      '#     for order writes;',
      '#   {"Authorization": "Bearer <token>"}',
      '#     for account data (npm run token).',
      '# Docs (top left) lists every type and field.',
      '',
      'query UpcomingShowtimes {',
      '  theatres(pageSize: 3) {',
      '    items {',
      '      id',
      '      name',
      '      showtimesPage(pageSize: 3) {',
      '        items {',
      '          id',
      '          movieName',
      '          showDateTimeLocal',
      '          isSoldOut',
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
      '',
      '# Live seat map of one showtime (an id from',
      '# above); uncomment, then run:',
      '# subscription {',
      '#   seatStatusChanged(showtimeId: 1) {',
      '#     cursor resync seats { seatName seatStatus }',
      '#   }',
      '# }',
      '',
    ].join('\n'),
  };

  if (typeof module === 'object' && module.exports) module.exports = documents;
  else root.MarqueePageDocuments = documents;
})(this);
