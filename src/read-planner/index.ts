/**
 * The read planner (docs/read-planner.md): a catalog root field's whole selection read in one
 * statement. Planned objects carry what the statement read for their relations under PLANNED, by
 * response key; a relation's resolver returns `relation(parent, info, ctx)`: that value, or the field
 * read below its batch of parents when the parent carries none.
 */

export { NOT_PLANNED, plannedOf, readOne } from './read';
export { relation } from './below';
export { fixedRead, readFirst, readPage, valuesOf } from './lists';
