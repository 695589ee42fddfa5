import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE, type PageRequest } from '../services/shared/paging';
import type { Hal, Links } from './hal';

/**
 * Query schema of every paged collection. Non-numeric, zero or negative values fail validation (400),
 * as does a page number above MAX_PAGE_NUMBER; a page past the end of the list is an empty page. Sizes
 * above the maximum are accepted and served as the maximum, since old clients send 1000.
 */
export const pagingQuery = {
  'page-number': {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_NUMBER,
    default: 1,
    description: `Page number, 1-based (default 1), at most ${MAX_PAGE_NUMBER}.`,
  },
  'page-size': {
    type: 'integer',
    minimum: 1,
    default: DEFAULT_PAGE_SIZE,
    description: `Page size (default ${DEFAULT_PAGE_SIZE}); values above ${MAX_PAGE_SIZE} are served as ${MAX_PAGE_SIZE}.`,
  },
} as const;

export interface PagingQuery {
  'page-number'?: number;
  'page-size'?: number;
}

export type { PageRequest };

/** The page a (validated) query asks for, with the size capped at the maximum. */
export function pageOf(query: PagingQuery): PageRequest {
  return {
    pageNumber: query['page-number'] ?? 1,
    pageSize: Math.min(query['page-size'] ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The paging fields of a collection response (`pageSize`, `pageNumber`, `count`, `_links`). */
export interface PagedFields {
  pageSize: number;
  pageNumber: number;
  count: number;
  _links: Links;
}

/**
 * Paging fields and links: `self` is the request's own URL; `previous` and `next` keep its query string
 * and change only `page-number`, and are absent where there is no such page.
 */
export function pagedFields(request: FastifyRequest, hal: Hal, page: PageRequest, count: number): PagedFields {
  const links: Links = { self: { href: hal.url(request.url), templated: false } };
  const at = (pageNumber: number) => {
    const url = new URL(request.url, 'http://x');
    url.searchParams.set('page-number', String(pageNumber));
    return { href: hal.url(`${url.pathname}${url.search}`), templated: false };
  };
  if (page.pageNumber > 1) links.previous = at(page.pageNumber - 1);
  if (page.pageNumber * page.pageSize < count) links.next = at(page.pageNumber + 1);
  return { pageSize: page.pageSize, pageNumber: page.pageNumber, count, _links: links };
}

/** Slices an in-memory list to one page (for small lists a service returns whole). */
export function slicePage<T>(items: readonly T[], page: PageRequest): T[] {
  const start = (page.pageNumber - 1) * page.pageSize;
  return items.slice(start, start + page.pageSize);
}
