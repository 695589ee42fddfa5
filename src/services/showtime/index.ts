/**
 * Showtimes: reads, lists, the REST/GraphQL field table, and cancellation with its refund batches. The
 * face of the folder: other layers and other domains import from here only (`npm run lint`: `face` in
 * eslint.config.mjs). The catalog's faces re-export their files whole: everything in them is read by
 * the loaders, the read planner or the surfaces.
 *
 * read.ts (the showtime record and its reads by id, performance, selection, proximity; ticket prices,
 * occupancy; its prepared statements tagged), list.ts (filtered, paged lists), query.ts (the SQL of a
 * showtime query: columns, record JSON, filters, local dates), view.ts (the field table both surfaces
 * print), cancel.ts (the cancellation verb, its refund batches and their sweeper).
 */
export * from './read';
export * from './list';
export * from './query';
export * from './view';
export * from './cancel';
