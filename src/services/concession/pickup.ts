import type { Db } from '../../../db/client';
import type { ShowtimeRecord } from '../showtime';
import { addDays, localToUtc, parseDateArg, toLocalDate, toLocalDateTime } from '../shared/local-time';
import type { PickupTime, PickupTimes } from './model';
import { pickupBookingsOf, pickupSlotsOf, timezonesOfTheatres } from './store';

/**
 * Concession pickup times: a theatre's daily template of slots (theatre-local times with a capacity)
 * laid on a local day, less what orders have booked. A slot's `available` counts the orders it can
 * still take: capacity minus the distinct orders with an active concession line picked up then.
 * Slots already in the past have none available.
 */

/** Showtime variant: slots from 60 minutes before the start to 30 minutes after it. */
const SHOWTIME_WINDOW_BEFORE_MIN = 60;
const SHOWTIME_WINDOW_AFTER_MIN = 30;
/** Showtime variant: the default slot is the last one at or before 15 minutes before the start. */
const DEFAULT_LEAD_MIN = 15;

interface Slot {
  theatreId: number;
  at: Date;
  capacity: number;
}

async function slotsAndBookings(db: Db, theatreIds: number[], from: Date, to: Date) {
  const [slots, booked] = await Promise.all([pickupSlotsOf(db, theatreIds), pickupBookingsOf(db, theatreIds, from, to)]);
  const bookedAt = new Map(booked.map((b) => [`${b.theatreId}@${b.at!.getTime()}`, b.orders]));
  return { slots, bookedAt };
}

function toPickupTime(slot: Slot, timezone: string, bookedAt: Map<string, number>, now: Date): PickupTime {
  const booked = bookedAt.get(`${slot.theatreId}@${slot.at.getTime()}`) ?? 0;
  return {
    available: slot.at < now ? 0 : Math.max(0, slot.capacity - booked),
    pickupDateTimeUtc: slot.at,
    pickupDateTimeLocal: toLocalDateTime(slot.at, timezone),
    isDefault: false,
  };
}

/** The template slots of `theatreId` laid on each of the local `dates`, in time order. */
function layOut(
  slots: readonly { theatreId: number; timeLocal: string; capacity: number }[],
  theatreId: number,
  timezone: string,
  dates: readonly string[],
): Slot[] {
  return dates
    .flatMap((date) =>
      slots
        .filter((s) => s.theatreId === theatreId)
        .map((s) => ({ theatreId, capacity: s.capacity, at: localToUtc(date, s.timeLocal, timezone) })),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Pickup times of theatres on theatre-local dates, in three statements for any number of keys.
 * An unknown theatre gives null.
 */
export async function pickupTimesForDates(
  db: Db,
  keys: readonly { theatreId: number; date: string }[],
  now: Date = new Date(),
): Promise<(PickupTimes | null)[]> {
  if (!keys.length) return [];
  const theatreIds = [...new Set(keys.map((k) => k.theatreId))];
  const zones = await timezonesOfTheatres(db, theatreIds);
  const zoneOf = new Map(zones.map((z) => [z.id, z.timezone]));
  const dates = keys.map((k) => k.date).sort();
  const from = new Date(`${addDays(dates[0], -1)}T00:00:00Z`);
  const to = new Date(`${addDays(dates[dates.length - 1], 2)}T00:00:00Z`);
  const { slots, bookedAt } = await slotsAndBookings(db, theatreIds, from, to);
  return keys.map(({ theatreId, date }) => {
    const timezone = zoneOf.get(theatreId);
    if (!timezone) return null;
    const pickupTimes = layOut(slots, theatreId, timezone, [date]).map((s) => toPickupTime(s, timezone, bookedAt, now));
    return { theatreId, showtimeId: null, pickupTimes };
  });
}

/** Pickup times of one theatre on a local date (YYYY-MM-DD, validated); null for an unknown theatre. */
export async function pickupTimesForDate(db: Db, theatreId: number, date: string): Promise<PickupTimes | null> {
  const [result] = await pickupTimesForDates(db, [{ theatreId, date: parseDateArg(date) }]);
  return result;
}

/**
 * Pickup times around each showtime: the slots from 60 minutes before its start to 30 minutes after;
 * `isDefault` marks the last slot at or before 15 minutes before the start (the first slot when none is).
 * Two statements for any number of showtimes.
 */
export async function pickupTimesForShowtimes(
  db: Db,
  records: readonly ShowtimeRecord[],
  now: Date = new Date(),
): Promise<PickupTimes[]> {
  if (!records.length) return [];
  const theatreIds = [...new Set(records.map((r) => r.showtime.theatreId))];
  const starts = records.map((r) => r.showtime.showDateTimeUtc.getTime());
  const from = new Date(Math.min(...starts) - SHOWTIME_WINDOW_BEFORE_MIN * 60000);
  const to = new Date(Math.max(...starts) + SHOWTIME_WINDOW_AFTER_MIN * 60000);
  const { slots, bookedAt } = await slotsAndBookings(db, theatreIds, from, to);
  return records.map(({ showtime, timezone }) => {
    const start = showtime.showDateTimeUtc.getTime();
    const lo = start - SHOWTIME_WINDOW_BEFORE_MIN * 60000;
    const hi = start + SHOWTIME_WINDOW_AFTER_MIN * 60000;
    const dates = [...new Set([toLocalDate(new Date(lo), timezone), toLocalDate(new Date(hi), timezone)])];
    const inWindow = layOut(slots, showtime.theatreId, timezone, dates).filter(
      (s) => s.at.getTime() >= lo && s.at.getTime() <= hi,
    );
    const pickupTimes = inWindow.map((s) => toPickupTime(s, timezone, bookedAt, now));
    const cutoff = start - DEFAULT_LEAD_MIN * 60000;
    let index = -1;
    inWindow.forEach((s, i) => {
      if (s.at.getTime() <= cutoff) index = i;
    });
    if (pickupTimes.length) pickupTimes[index === -1 ? 0 : index].isDefault = true;
    return { theatreId: showtime.theatreId, showtimeId: showtime.id, pickupTimes };
  });
}
