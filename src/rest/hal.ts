import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** A HAL link as the spec writes it: `{href, templated}`. */
export interface Link {
  href: string;
  templated: boolean;
}

/** A `_links` object: relation name (plain or `{base_url}/rels/…` URI) → link. */
export type Links = Record<string, Link>;

/**
 * The spec's `{base_url}`: `PUBLIC_BASE_URL` when configured (behind a proxy or CDN the request's own
 * host is not what clients should follow), otherwise the request's origin (protocol + Host header).
 */
export function baseUrlOf(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** Builds absolute links and relation URIs against one request's `{base_url}`. */
export class Hal {
  constructor(readonly baseUrl: string) {}

  /** An absolute URL of a path of this service (`/v2/movies/1` → `{base_url}/v2/movies/1`). */
  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** A link to a path; `templated` when the path still holds `{placeholders}`. */
  link(path: string, templated = false): Link {
    return { href: this.url(path), templated };
  }

  private rels: Map<string, string> | undefined;

  /** A relation URI under `{base_url}/rels/`, e.g. `rel('v2/movie')` (built once per name and request). */
  rel(name: string): string {
    const rels = (this.rels ??= new Map());
    let uri = rels.get(name);
    if (uri === undefined) {
      uri = `${this.baseUrl}/rels/${name}`;
      rels.set(name, uri);
    }
    return uri;
  }

  /** `{self: link(path)}`, the most common `_links`. */
  self(path: string): Links {
    return { self: this.link(path) };
  }
}

/** Path segments are encoded so that names with spaces or slashes still make valid links. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
