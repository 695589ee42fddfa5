import http from 'node:http';

/**
 * A local OTLP/HTTP receiver for the tracing-on bench (bench/history.md, "Tracing off and on"): takes every export
 * on /v1/traces, counts its spans and answers 200, as a collector would. It runs as a process of its own,
 * so its parsing is not charged to the app. `PORT` (default 4318, OTLP/HTTP's); prints the count on exit.
 */
const port = Number(process.env.PORT ?? 4318);
let spans = 0;
let exports = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    exports += 1;
    spans += (Buffer.concat(chunks).toString('utf8').match(/"spanId"/g) ?? []).length;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(port, '127.0.0.1', () => console.log(`otlp sink on http://127.0.0.1:${port}`));
const stop = () => {
  console.log(`otlp sink: ${spans} spans in ${exports} exports`);
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
