import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { LEAN_MOVIE_FIELDS, LEAN_SHOWTIME_FIELDS, type LeanShape } from '../src/services/showtime-day.service';

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
export function leanShowtimeShape(info: GraphQLResolveInfo): LeanShape | null {
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
