/*
 * Swagger UI over the service's own OpenAPI document (served at /docs; docs/web.md). No validator
 * badge: it would send the document to validator.swagger.io.
 */
/* global SwaggerUIBundle */
(function () {
  'use strict';
  SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
})();
