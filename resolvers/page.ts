import type { Page } from '../src/services/shared/paging';

/**
 * A service's `Page<Row>` as an instance of a GraphQL page class (an instance, so that the class's
 * `hasNextPage` resolves), its rows mapped to the item type.
 */
export function toGraphQLPage<Row, Item, P extends Page<Item>>(
  PageClass: new () => P,
  page: Page<Row>,
  map: (row: Row) => Item,
  extra: Partial<P> = {},
): P {
  return Object.assign(new PageClass(), {
    items: page.items.map(map),
    totalCount: page.totalCount,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    ...extra,
  });
}
