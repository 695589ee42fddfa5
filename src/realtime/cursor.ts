/**
 * The position of a message in a showtime's seat-event log, as clients hold it: opaque to them,
 * `v1.<showtimeId>.<seq>` inside. A subscriber that reconnects with `after: cursor` gets every change
 * after it.
 */
export interface Cursor {
  showtimeId: number;
  seq: number;
}

export function encodeCursor(showtimeId: number, seq: number): string {
  return Buffer.from(`v1.${showtimeId}.${seq}`).toString('base64url');
}

/** The cursor a string encodes; null when it is not one of ours. */
export function parseCursor(text: string): Cursor | null {
  if (text.length > 64) return null;
  const match = /^v1\.(\d{1,10})\.(\d{1,15})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || Buffer.from(`v1.${match[1]}.${match[2]}`).toString('base64url') !== text) return null;
  const cursor = { showtimeId: Number(match[1]), seq: Number(match[2]) };
  return cursor.showtimeId > 0 && cursor.showtimeId <= 2_147_483_647 ? cursor : null;
}
