'use strict';
// `npm start`: in production (NODE_ENV=production) the compiled JavaScript of `npm run build`;
// otherwise the TypeScript sources through tsx, so development needs no build step. Both run in this
// process: package.json starts it with `exec node`, so node replaces npm's `sh -c` and receives the
// SIGTERM npm forwards (docs/operations.md, Stopping).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
if (process.env.NODE_ENV === 'production') {
  const main = path.join(root, 'dist', 'src', 'main.js');
  if (!fs.existsSync(main)) {
    process.stderr.write(
      'Marquee did not start: dist/src/main.js is missing. NODE_ENV=production runs the compiled service: run `npm run build` first.\n',
    );
    process.exit(1);
  }
  require(main);
} else {
  require('tsx/cjs');
  require(path.join(root, 'src', 'main.ts'));
}
