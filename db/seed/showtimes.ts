import { showtimeAttributes, showtimes, showtimeTicketPrices, type EstimatedFee } from '../schema';
import type { AttributeIndex } from './attributes';
import { insertRows, money, syncSequence, type SeedTx } from './insert';
import type { MovieSeed } from './movies';
import { createRandom, type Random } from './random';
import type { AuditoriumSeed } from './seating';
import type { TheatreSeed } from './theatres';
import { addDays, dayOfWeek, formatLocalDate, localDateOf, localToUtc } from './time';

/** Showtimes cover this many theatre-local days, day 0 being today in the theatre's zone. */
export const SHOWTIME_DAYS = 14;
const FIRST_START = 10 * 60;
const LAST_START = 23 * 60;
const MATINEE_BEFORE = 16 * 60;
const PREMIUM_SURCHARGE: Record<string, number> = { IMAX: 6, DOLBYCINEMA: 6, PRIMEATMARQUEE: 5, SCREENX: 5 };
const SPANISH_MARKETS = new Set(['Miami', 'Los Angeles', 'Phoenix', 'Dallas', 'Houston', 'San Antonio', 'San Diego', 'El Paso', 'Tucson', 'Albuquerque']);

function weightedPick<T>(rng: Random, items: T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1];
}

/** A price ending in .99 or .49, as on a box-office board. */
function boardPrice(amount: number): number {
  return money(Math.max(4.99, Math.round(amount * 2) / 2 - 0.01));
}

export interface ShowtimeCounts {
  showtimes: number;
  prices: number;
  attributes: number;
}

export async function seedShowtimes(
  tx: SeedTx,
  today: Date,
  theatres: TheatreSeed[],
  auditoriums: AuditoriumSeed[],
  movies: MovieSeed[],
  attrs: AttributeIndex,
): Promise<ShowtimeCounts> {
  const rng = createRandom('showtimes');
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const showRows: (typeof showtimes.$inferInsert)[] = [];
  const priceRows: (typeof showtimeTicketPrices.$inferInsert)[] = [];
  const attrRows: (typeof showtimeAttributes.$inferInsert)[] = [];
  const audsByTheatre = new Map<number, AuditoriumSeed[]>();
  for (const a of auditoriums) audsByTheatre.set(a.theatreId, [...(audsByTheatre.get(a.theatreId) ?? []), a]);
  const nowPlaying = movies.filter((m) => m.status === 'now');
  const advance = movies.filter((m) => m.status === 'advance');

  for (const theatre of theatres) {
    // The theatre's program: a weighted sample of what is playing, plus every advance release.
    const keyed = nowPlaying.map((m) => ({ m, key: Math.pow(rng.next(), 1 / m.popularity) }));
    keyed.sort((a, b) => b.key - a.key);
    const program = [...keyed.slice(0, Math.min(keyed.length, theatre.screens + 6)).map((k) => k.m), ...advance];
    const firstDay = localDateOf(today, theatre.timezone);
    const base = boardPrice(13.5 * theatre.priceLevel);
    let performanceNumber = 1000;

    for (let day = 0; day < SHOWTIME_DAYS; day++) {
      const date = addDays(firstDay, day);
      const dayText = formatLocalDate(date);
      const tuesday = dayOfWeek(date) === 2 && theatre.attributeCodes.has('DISCOUNTTUESDAY');
      const playing = program.filter((m) => m.releaseDay <= dayText);
      for (const aud of audsByTheatre.get(theatre.id) ?? []) {
        const version = [...aud.versions].reverse().find((v) => day >= v.fromDay)!;
        const premium = aud.premiumFormat;
        const candidates = premium ? playing.filter((m) => m.codes.has(premium)) : playing;
        const movie = weightedPick(rng, candidates.length ? candidates : playing, (m) => m.popularity);
        const cycle = Math.ceil((movie.runTime + 20 + 25) / 15) * 15;
        // Premium auditoriums run all day; the others start between 10:00 and 19:00.
        const maxShows = premium ? rng.int(3, 4) : rng.pick([1, 2, 2, 2, 3, 3]);
        let start = FIRST_START + rng.int(0, premium ? 8 : 36) * 15;
        for (let n = 0; n < maxShows && start <= LAST_START; n++) {
          const id = showRows.length + 1;
          const at = localToUtc(date, start, theatre.timezone);
          const codes: string[] = [];
          if (premium) codes.push(premium);
          const threeD = movie.is3D && (premium === 'IMAX' || !premium) && rng.chance(0.35);
          if (threeD) codes.push('3D');
          if (theatre.attributeCodes.has('RESERVEDSEATING')) codes.push('RESERVEDSEATING');
          if (aud.shape === 'stadium') codes.push('RECLINERS');
          if (theatre.attributeCodes.has('DINEIN')) codes.push('DINEIN');
          if (theatre.attributeCodes.has('CLOSEDCAPTION') && rng.chance(0.5)) codes.push('CLOSEDCAPTION');
          if (theatre.attributeCodes.has('AUDIODESCRIPTION') && rng.chance(0.3)) codes.push('AUDIODESCRIPTION');
          if (!premium && rng.chance(0.05)) codes.push('OPENCAPTION');
          if (movie.codes.has('SENSORYFRIENDLY') && start < 12 * 60 && rng.chance(0.4)) codes.push('SENSORYFRIENDLY');
          const spanishSubs = !movie.codes.has('SPANISHLANGUAGE') && rng.chance(SPANISH_MARKETS.has(theatre.city.name) ? 0.08 : 0.015);
          if (spanishSubs) codes.push('SPANISHSUBTITLES');
          if (movie.codes.has('SPANISHLANGUAGE')) codes.push('SPANISHLANGUAGE');
          if (movie.codes.has('FANFAVES')) codes.push('FANFAVES');
          if (tuesday) codes.push('DISCOUNTTUESDAY');
          for (const code of codes) attrRows.push({ showtimeId: id, attributeId: attrs.get(code)! });

          const matinee = start < MATINEE_BEFORE;
          let adult = base + (premium ? PREMIUM_SURCHARGE[premium] : 0) + (threeD ? 3.5 : 0) - (matinee ? 3 : 0);
          if (tuesday) adult = adult * 0.6;
          adult = boardPrice(adult);
          const format = [premium, threeD ? '3D' : null].filter(Boolean).join('') || 'STD';
          const prices = { ADULT: adult, CHILD: boardPrice(adult - 3), SENIOR: boardPrice(adult - 2) };
          for (const [type, price] of Object.entries(prices)) {
            priceRows.push({
              showtimeId: id,
              type,
              price,
              tax: money(price * theatre.taxRate),
              sku: `TKT-${type}-${format}${matinee ? '-MAT' : ''}${tuesday ? '-TUE' : ''}`,
              agePolicy: type === 'CHILD' ? 'Ages 2-12' : type === 'SENIOR' ? 'Ages 60+' : null,
            });
          }
          const feeCost = premium ? 2.19 : 1.89;
          const fees: EstimatedFee[] = [{ name: 'convenience', cost: feeCost, tax: money(feeCost * theatre.taxRate), quantity: 1 }];
          const spoken = movie.codes.has('SPANISHLANGUAGE') ? 'Spanish' : 'English';
          showRows.push({
            id,
            performanceNumber: performanceNumber++,
            theatreId: theatre.id,
            movieId: movie.id,
            auditorium: aud.number,
            layoutId: aud.layoutId,
            layoutVersionNumber: version.versionNumber,
            layoutVersionId: version.id,
            showDateTimeUtc: at,
            sellUntilDateTimeUtc: new Date(at.getTime() + 30 * 60000),
            isCanceled: rng.chance(0.005),
            inTheatreTicketingOnly: !theatre.ticketable || rng.chance(0.004),
            isEmbargoed: false,
            isComingSoon: false,
            visibilityDateTimeUtc: null,
            isDiscountMatineePriced: matinee,
            discountMatineeMessage: matinee ? 'Matinee pricing on shows before 4:00 PM' : null,
            socialDistancing: rng.chance(0.01),
            languages: spanishSubs ? { spoken, subtitles: 'Spanish' } : { spoken },
            estimatedFees: fees,
            lastUpdatedDateUtc: new Date(todayUtc - rng.int(1, 72) * 3600000),
          });
          start += cycle + rng.pick([0, 0, 15, 30, 60, 90]);
        }
      }
    }
  }
  await insertRows(tx, showtimes, showRows);
  await insertRows(tx, showtimeTicketPrices, priceRows);
  await insertRows(tx, showtimeAttributes, attrRows);
  await syncSequence(tx, showtimes);
  return { showtimes: showRows.length, prices: priceRows.length, attributes: attrRows.length };
}
