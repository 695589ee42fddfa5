import type { Page } from '../../schema/paging.type';

/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the input taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The page window of 1-based `pageNumber` as SQL limit/offset. */
export function pageWindow(page: { pageNumber: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: (page.pageNumber - 1) * page.pageSize };
}

/** Builds a `Page<T>` from the rows of one page and the total. */
export function toPage<T>(items: T[], totalCount: number, page: { pageNumber: number; pageSize: number }): Page<T> {
  return { items, totalCount, pageNumber: page.pageNumber, pageSize: page.pageSize };
}
