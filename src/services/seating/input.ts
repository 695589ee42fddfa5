import { z } from 'zod';
import { int4, rowId } from '../shared/input-fields';
import { BLOCK_KINDS } from './blocks';

/**
 * The seating inputs: their one description and validation (issue 27). The GraphQL resolvers parse the
 * seat-block inputs with them (`parseFields`); the order inputs take their seat lists from here. What
 * needs the database (a seat of the showtime's layout) stays in the services.
 */

const SEAT = 'seats: row and column are positive integers';

/** Seats by their place in the layout grid: 1 to `max`, each named once. */
export const seatListSchema = (max: number, tooMany: string) =>
  z
    .array(z.object({ row: rowId(SEAT), column: rowId(SEAT) }))
    .min(1, 'seats must name at least one seat')
    .max(max, tooMany)
    .superRefine((seats, ctx) => {
      const seen = new Set<string>();
      for (const s of seats) {
        const key = `${s.row}:${s.column}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `seats: seat (${s.row}, ${s.column}) is given twice` });
        seen.add(key);
      }
    });

/** The most seats one block call takes. */
export const MAX_BLOCK_SEATS = 500;

const kind = z.enum(BLOCK_KINDS, {
  errorMap: (issue) => ({ message: issue.code === 'invalid_type' ? 'kind is required' : `kind must be one of ${BLOCK_KINDS.join(', ')}` }),
});
const blockFields = { showtimeId: int4(), seats: seatListSchema(MAX_BLOCK_SEATS, `seats: at most ${MAX_BLOCK_SEATS} per call`) };

/** GraphQL `clearSeatBlocks` (its kind is not read). */
export const clearSeatBlocksSchema = z.object({ ...blockFields, kind: kind.nullish() }).strict();
/** GraphQL `setSeatBlocks`: the kind is required. */
export const setSeatBlocksSchema = z.object({ ...blockFields, kind }).strict();
