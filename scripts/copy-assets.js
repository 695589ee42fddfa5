'use strict';
// `npm run build`, after tsc: copies what the compiled code reads at run time besides JavaScript (the
// drizzle migrations, static pages and their scripts, the SDL) next to it in dist/, keeping the layout.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const SOURCE_DIRS = ['src', 'db', 'schema', 'resolvers'];
const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');

let copied = 0;
for (const dir of SOURCE_DIRS) {
  const from = path.join(root, dir);
  if (!fs.existsSync(from)) continue;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || isSource(entry.name)) continue;
    const source = path.join(entry.parentPath ?? entry.path, entry.name);
    const target = path.join(root, 'dist', path.relative(root, source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
    copied += 1;
  }
}
process.stderr.write(`copied ${copied} non-TypeScript files to dist/\n`);
