import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser files the service serves: its own (src/web/assets/) and the browser builds of pinned
 * dependencies (node_modules), each at a fixed URL under /assets/. A fixed table, not a directory
 * listing: nothing else on disk can be asked for, whatever the path.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * The folder of our own browser files: src/web/assets, found by walking up from this module, so the
 * same code finds it when run by tsx (src/web) and when compiled into another folder of the project.
 */
function ownAssetsDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'assets'), path.join(dir, 'src', 'web', 'assets')]) {
      if (existsSync(path.join(candidate, 'seat-map.html'))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('src/web/assets not found');
  }
}

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** URL (under /assets/) → file. */
function assetTable(): Record<string, string> {
  const own = ownAssetsDir();
  const mine = ['page-documents.js', 'seat-map-parts.js', 'seat-map.js', 'seat-map-box-office-api.js', 'seat-map-box-office-panels.js', 'seat-map-box-office.js', 'seat-map.css', 'graphiql.js', 'graphiql-page.css', 'docs.js', 'page.css', 'favicon.svg'];
  return {
    ...Object.fromEntries(mine.map((file) => [`/assets/${file}`, path.join(own, file)])),
    '/assets/vendor/graphql-ws.min.js': path.join(packageDir('graphql-ws'), 'umd', 'graphql-ws.min.js'),
    '/assets/vendor/react.production.min.js': path.join(packageDir('react'), 'umd', 'react.production.min.js'),
    '/assets/vendor/react-dom.production.min.js': path.join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
    '/assets/vendor/graphiql.min.js': path.join(packageDir('graphiql'), 'graphiql.min.js'),
    '/assets/vendor/graphiql.min.css': path.join(packageDir('graphiql'), 'graphiql.min.css'),
    '/assets/vendor/swagger-ui-bundle.js': path.join(packageDir('swagger-ui-dist'), 'swagger-ui-bundle.js'),
    '/assets/vendor/swagger-ui.css': path.join(packageDir('swagger-ui-dist'), 'swagger-ui.css'),
  };
}

interface LoadedFile {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  type: string;
}

/** Reads a file once, with its ETag and (for text over 1 KB) its gzip form: the vendor bundles are megabytes. */
function load(file: string): LoadedFile {
  const body = readFileSync(file);
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  return {
    body,
    gzip: type.startsWith('text/') && body.length > 1024 ? gzipSync(body) : null,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    type,
  };
}

/** Sends a loaded file: 304 on a matching If-None-Match, gzip when the client takes it. */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: LoadedFile) {
  // Revalidated on every use (no version in the URL); the ETag makes that a 304 without a body.
  reply.header('cache-control', 'no-cache').header('etag', file.etag).header('vary', 'accept-encoding');
  reply.header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  reply.type(file.type);
  if (file.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  return reply.send(file.body);
}

/** Registers GET (and HEAD) of every asset. Files are read on first use and kept (they never change while running). */
export function registerAssets(app: FastifyInstance): void {
  const cache = new Map<string, LoadedFile>();
  for (const [url, file] of Object.entries(assetTable())) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      let loaded = cache.get(url);
      if (!loaded) {
        loaded = load(file);
        cache.set(url, loaded);
      }
      return sendFile(request, reply, loaded);
    });
  }
}

/** An HTML file of our own assets, read once. */
export function ownHtml(name: string): () => string {
  let text: string | null = null;
  return () => (text ??= readFileSync(path.join(ownAssetsDir(), name), 'utf8'));
}
