/**
 * Media items, renditions, content types and image sizes. The face of the folder: other layers and
 * other domains import from here only. model.ts (rows, resource references, filters), store.ts (its SQL,
 * each statement tagged; the reads that are one statement are exported from it as they are), read.ts
 * (a resource's list of media, which the read planner pages with the items' renditions).
 */
export {
  type ContentTypeRow,
  type ImageSizeTypeRow,
  type MediaItemRow,
  type MediaTypeName,
  type RenditionRow,
  type ResourceTypeName,
} from './model';
export { listContentTypes, listImageSizes } from './store';
export { mediaList } from './read';
