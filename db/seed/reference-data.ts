/** The spec's refund reasons, by type, in the spec's order. */
export const REFUND_REASONS: Record<string, string[]> = {
  'Act of God': ['Blizzard', 'Earthquake', 'Flood', 'Hurricane', 'OtherActOfGod', 'Tornado'],
  'Auditorium Closure': ['SchedulingError', 'TechnicalIssue', 'UnforeseenMaintenance'],
  'Change of Plans': ['NotAllInPartyWillBeAttending'],
  'Error on Website': ['DuplicateCharges', 'ErrorOnWebsite', 'PaymentError', 'ShowCancelled'],
  'Guest Self Service': [
    'ChangedMindCannotMakeShow',
    'TooManyTickets',
    'WrongDay',
    'WrongMovieFormat',
    'WrongSeats',
    'WrongTheatre',
    'WrongTicketType',
    'WrongTime',
  ],
  'Oversell due to crossovers': ['Oversell'],
  'Selected Wrong Qty/Item': ['SelectedWrongQtyItem'],
  'Service Shortfall': ['Disturbances', 'EnvironmentConcerns', 'SilenceIsGolden'],
  'Theatre Closure': ['Weather', 'PowerOutage', 'UnforeseenMaintenance', 'WaterMainBreak'],
  'Theatre Issues': ['Emergency', 'Evacuation', 'PowerOutage', 'ProjectionIssues', 'NeverOpened'],
};

/** "OtherActOfGod" → "Other act of god": a readable description from the identifier. */
export function describeReason(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const POSTER_SIZES = [
  { name: 'Thumb', width: 100, height: 150 },
  { name: 'Standard', width: 200, height: 300 },
  { name: 'Large', width: 400, height: 600 },
  { name: 'FullRes', width: 1080, height: 1620 },
];
const VENUE_SIZES = [
  { name: 'Thumb', width: 317, height: 133 },
  { name: 'Standard', width: 650, height: 273 },
  { name: 'Large', width: 1300, height: 546 },
];

export interface ContentTypeSeed {
  name: string;
  mediaType: 'image' | 'video';
  allowMultipleMedia: boolean;
  sizes: { name: string; width: number; height: number }[];
}

/**
 * The spec's content types. Sizes and allowMultipleMedia are the spec's where it shows them; where it
 * says "not shown" (MovieStill, Publicity, Hero, …) we chose values, recorded in docs/decisions.md.
 */
export const CONTENT_TYPES: ContentTypeSeed[] = [
  { name: 'Poster', mediaType: 'image', allowMultipleMedia: false, sizes: POSTER_SIZES },
  { name: 'PosterAlternate', mediaType: 'image', allowMultipleMedia: false, sizes: POSTER_SIZES },
  { name: 'Poster3D', mediaType: 'image', allowMultipleMedia: false, sizes: POSTER_SIZES },
  { name: 'PosterLargeFormat', mediaType: 'image', allowMultipleMedia: false, sizes: POSTER_SIZES },
  {
    name: 'MovieStill',
    mediaType: 'image',
    allowMultipleMedia: true,
    sizes: [
      { name: 'Thumb', width: 320, height: 180 },
      { name: 'Standard', width: 960, height: 540 },
      { name: 'Large', width: 1920, height: 1080 },
    ],
  },
  {
    name: 'Publicity',
    mediaType: 'image',
    allowMultipleMedia: true,
    sizes: [
      { name: 'Thumb', width: 150, height: 150 },
      { name: 'Standard', width: 400, height: 400 },
      { name: 'Large', width: 800, height: 800 },
    ],
  },
  { name: 'Trailer', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'TrailerTeaser', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'TrailerAlternate', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'MovieClip', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'News', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'Interview', mediaType: 'video', allowMultipleMedia: true, sizes: [] },
  { name: 'Interior', mediaType: 'image', allowMultipleMedia: true, sizes: VENUE_SIZES },
  { name: 'Exterior', mediaType: 'image', allowMultipleMedia: true, sizes: VENUE_SIZES },
  { name: 'Primary', mediaType: 'image', allowMultipleMedia: false, sizes: VENUE_SIZES },
  {
    name: 'StoreIcon',
    mediaType: 'image',
    allowMultipleMedia: false,
    sizes: [
      { name: 'Thumb', width: 64, height: 64 },
      { name: 'Standard', width: 128, height: 128 },
    ],
  },
  {
    name: 'Promotional',
    mediaType: 'image',
    allowMultipleMedia: true,
    sizes: [
      { name: 'Standard', width: 650, height: 273 },
      { name: 'Large', width: 1300, height: 546 },
    ],
  },
  {
    name: 'Hero',
    mediaType: 'image',
    allowMultipleMedia: true,
    sizes: [
      { name: 'HeroLarge', width: 1920, height: 800 },
      { name: 'HeroNewsletter', width: 600, height: 250 },
    ],
  },
  {
    name: 'Digital Gift Card',
    mediaType: 'image',
    allowMultipleMedia: true,
    sizes: [{ name: 'Digital Gift Card', width: 640, height: 400 }],
  },
];
