/*
 * GraphiQL over this service (served at /graphiql; docs/web.md). Queries and mutations go to
 * POST /graphql; subscriptions over graphql-ws on the same path. The headers typed in GraphiQL's header
 * editor are sent over HTTP as they are, and on a WebSocket as the connectionParams the service reads
 * (X-Vendor-Key → vendorKey, Authorization → authorization, X-Loyalty-Card-Number → loyaltyCardNumber).
 * `?query=…&variables=…` in the URL opens with that operation.
 */
/* global React, ReactDOM, GraphiQL, graphqlWs */
(function () {
  'use strict';

  // In page-documents.js, which also puts it in the server's manifest (run as it opens, it is trusted).
  var DEFAULT_QUERY = window.MarqueePageDocuments.GraphiqlDefault;

  /** The headers of GraphiQL's header editor (persisted in localStorage), with lower-case names. */
  function editorHeaders() {
    try {
      var parsed = JSON.parse(localStorage.getItem('graphiql:headers') || '{}');
      var out = {};
      Object.keys(parsed || {}).forEach(function (k) {
        if (typeof parsed[k] === 'string') out[k.toLowerCase()] = parsed[k];
      });
      return out;
    } catch {
      return {};
    }
  }

  var wsClient = graphqlWs.createClient({
    url: (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql',
    lazy: true,
    // Closed when no subscription runs, so the next one connects with the headers as they are then.
    lazyCloseTimeout: 0,
    connectionParams: function () {
      var h = editorHeaders();
      return { vendorKey: h['x-vendor-key'], authorization: h.authorization, loyaltyCardNumber: h['x-loyalty-card-number'] };
    },
  });

  var params = new URLSearchParams(location.search);
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: GraphiQL.createFetcher({ url: '/graphql', wsClient: wsClient }),
      defaultQuery: DEFAULT_QUERY,
      query: params.get('query') || undefined,
      variables: params.get('variables') || undefined,
      shouldPersistHeaders: true,
    }),
  );
})();
