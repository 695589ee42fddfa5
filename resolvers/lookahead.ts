import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { LEAN_MOVIE_FIELDS, LEAN_SHOWTIME_FIELDS, LEAN_THEATRE_FIELDS, type LeanShape } from '../src/services/showtime-day.service';
import { optionalDate } from '../src/services/showtime-query';

/**
 * Looking ahead at a field's selection, to load a whole subtree in one statement. Only plain
 * selections qualify (fields without directives or arguments, no fragments); anything else answers
 * null and the caller goes the general way (loaders per level), which gives the same answer.
 */
function plainFields(set: SelectionSetNode | undefined): readonly FieldNode[] | null {
  if (!set) return null;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length || selection.arguments?.length) return null;
  }
  return set.selections as readonly FieldNode[];
}

/**
 * The lean shape of a `showtimes` field (src/services/showtime-day.service.ts) when its selection only
 * asks for plain showtime columns, the movie's plain columns and the attributes (whose rows are cached
 * reference data; `Showtime.attributes` resolves them from the ids); else null.
 */
export function leanShowtimeShape(info: Pick<GraphQLResolveInfo, 'fieldNodes'>): LeanShape | null {
  const fields = new Set<string>();
  let movie: Set<string> | null = null;
  let attributeIds = false;
  for (const node of info.fieldNodes) {
    const selections = plainFields(node.selectionSet);
    if (!selections) return null;
    for (const field of selections) {
      const name = field.name.value;
      if (name === '__typename') continue;
      if (name === 'attributes') {
        attributeIds = true;
      } else if (name === 'movie') {
        const movieSelections = plainFields(field.selectionSet);
        if (!movieSelections) return null;
        movie ??= new Set();
        for (const m of movieSelections) {
          if (m.name.value === '__typename') continue;
          if (!Object.hasOwn(LEAN_MOVIE_FIELDS, m.name.value)) return null;
          movie.add(m.name.value);
        }
      } else if (Object.hasOwn(LEAN_SHOWTIME_FIELDS, name)) {
        fields.add(name);
      } else {
        return null;
      }
    }
  }
  return { fields: [...fields], movie: movie ? [...movie] : null, attributeIds };
}

/** What `Query.theatre` can read in one statement: plain theatre columns and one lean `showtimes(date)`. */
export interface LeanTheatreFold {
  fields: string[];
  date: string;
  shape: LeanShape;
}

/**
 * The fold of `theatre(id) { …plain columns… showtimes(date: …) { …lean… } }`: exactly one `showtimes`
 * field, whose only argument is a valid `date` (a literal or a variable); else null. The child resolver
 * computes the same date and shape from the same field node, so it finds the primed loader entry.
 */
export function leanTheatreFold(info: GraphQLResolveInfo): LeanTheatreFold | null {
  const fields = new Set<string>();
  let showtimes: FieldNode | null = null;
  for (const node of info.fieldNodes) {
    const selections = plainFieldsOrShowtimes(node.selectionSet);
    if (!selections) return null;
    for (const field of selections) {
      const name = field.name.value;
      if (name === '__typename') continue;
      if (name === 'showtimes') {
        if (showtimes) return null;
        showtimes = field;
      } else if (Object.hasOwn(LEAN_THEATRE_FIELDS, name) && !field.arguments?.length) {
        fields.add(name);
      } else {
        return null;
      }
    }
  }
  if (!showtimes || showtimes.directives?.length || showtimes.arguments?.length !== 1) return null;
  const [argument] = showtimes.arguments;
  if (argument.name.value !== 'date') return null;
  const value =
    argument.value.kind === Kind.STRING
      ? argument.value.value
      : argument.value.kind === Kind.VARIABLE
        ? info.variableValues[argument.value.name.value]
        : null;
  if (typeof value !== 'string') return null;
  let date: string | null;
  try {
    date = optionalDate(value);
  } catch {
    return null; // the child answers the error, as it would anyway
  }
  const shape = date ? leanShowtimeShape({ fieldNodes: [showtimes] }) : null;
  return date && shape ? { fields: [...fields], date, shape } : null;
}

/** Like `plainFields`, but a field with arguments is let through (the caller checks `showtimes`' own). */
function plainFieldsOrShowtimes(set: SelectionSetNode | undefined): readonly FieldNode[] | null {
  if (!set) return null;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return null;
  }
  return set.selections as readonly FieldNode[];
}
