import { attributeGroups, attributes } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';

interface AttributeSeed {
  code: string;
  name: string;
  abbreviation: string;
  group: string;
  applies: ('theatre' | 'showtime' | 'movie')[];
  premium?: boolean;
  description: string;
}

const GROUPS = [
  { name: 'Premium Formats', description: 'Large screens, immersive sound and motion seats' },
  { name: 'Seating', description: 'How guests sit and are served' },
  { name: 'Accessibility', description: 'Captions, audio description and sensory-friendly shows' },
  { name: 'Language', description: 'Spoken language and subtitles' },
  { name: 'Offers', description: 'Discount days and special pricing' },
  { name: 'Programming', description: 'Special screenings and movie collections' },
  { name: 'Amenities', description: 'What a theatre offers besides the screen' },
];

/** The chain's attributes; `code` is what include/exclude filters take. */
export const ATTRIBUTES: AttributeSeed[] = [
  { code: 'IMAX', name: 'IMAX', abbreviation: 'IMAX', group: 'Premium Formats', applies: ['theatre', 'showtime', 'movie'], premium: true, description: 'Crystal-clear images and heart-pounding sound on a giant screen.' },
  { code: 'DOLBYCINEMA', name: 'Dolby Cinema', abbreviation: 'Dolby', group: 'Premium Formats', applies: ['theatre', 'showtime', 'movie'], premium: true, description: 'Dolby Vision laser projection and Dolby Atmos sound with recliners.' },
  { code: 'PRIMEATMARQUEE', name: 'Prime at Marquee', abbreviation: 'Prime', group: 'Premium Formats', applies: ['theatre', 'showtime'], premium: true, description: 'Our own premium large format with bass-shaker seats.' },
  { code: 'SCREENX', name: 'ScreenX', abbreviation: 'ScreenX', group: 'Premium Formats', applies: ['theatre', 'showtime'], premium: true, description: 'A 270-degree panoramic picture that extends onto the side walls.' },
  { code: '3D', name: 'RealD 3D', abbreviation: '3D', group: 'Premium Formats', applies: ['showtime', 'movie'], description: 'Three-dimensional projection; glasses provided.' },
  { code: 'RESERVEDSEATING', name: 'Reserved Seating', abbreviation: 'Reserved', group: 'Seating', applies: ['theatre', 'showtime'], description: 'Choose your seats when you buy your tickets.' },
  { code: 'RECLINERS', name: 'Recliners', abbreviation: 'Recliners', group: 'Seating', applies: ['theatre', 'showtime'], description: 'Plush power recliners with footrests.' },
  { code: 'DINEIN', name: 'Dine-In', abbreviation: 'Dine-In', group: 'Seating', applies: ['theatre', 'showtime'], description: 'Full menu served to your seat.' },
  { code: 'OPENCAPTION', name: 'Open Caption', abbreviation: 'OC', group: 'Accessibility', applies: ['showtime'], description: 'Captions displayed on screen for everyone.' },
  { code: 'CLOSEDCAPTION', name: 'Closed Caption', abbreviation: 'CC', group: 'Accessibility', applies: ['theatre', 'showtime'], description: 'Personal caption devices available at guest services.' },
  { code: 'AUDIODESCRIPTION', name: 'Audio Description', abbreviation: 'AD', group: 'Accessibility', applies: ['theatre', 'showtime'], description: 'Narration of the action through a personal headset.' },
  { code: 'SENSORYFRIENDLY', name: 'Sensory Friendly', abbreviation: 'SF', group: 'Accessibility', applies: ['showtime', 'movie'], description: 'Lights up, sound down; guests may move around and sing.' },
  { code: 'WHEELCHAIRACCESSIBLE', name: 'Wheelchair Accessible', abbreviation: 'WA', group: 'Accessibility', applies: ['theatre'], description: 'Accessible entrances, auditoriums and restrooms.' },
  { code: 'SPANISHSUBTITLES', name: 'Spanish Subtitles', abbreviation: 'Subs ES', group: 'Language', applies: ['showtime'], description: 'Spoken in English with Spanish subtitles.' },
  { code: 'SPANISHLANGUAGE', name: 'Spanish Language', abbreviation: 'ES', group: 'Language', applies: ['movie', 'showtime'], description: 'Spoken in Spanish.' },
  { code: 'DISCOUNTTUESDAY', name: 'Discount Tuesdays', abbreviation: 'Tue', group: 'Offers', applies: ['theatre', 'showtime'], description: 'Tickets at a discount every Tuesday.' },
  { code: 'EARLYACCESS', name: 'Early Access', abbreviation: 'Early', group: 'Programming', applies: ['movie', 'showtime'], description: 'See it before everyone else.' },
  { code: 'FAMILYFRIENDLY', name: 'Family Friendly', abbreviation: 'Family', group: 'Programming', applies: ['movie'], description: 'Fun for the whole family.' },
  { code: 'INDIEFILM', name: 'Indie Film', abbreviation: 'Indie', group: 'Programming', applies: ['movie'], description: 'Independent films from festivals and new voices.' },
  { code: 'THRILLSANDCHILLS', name: 'Thrills & Chills', abbreviation: 'Thrills', group: 'Programming', applies: ['movie'], description: 'Horror and suspense for fans of the dark.' },
  { code: 'FANFAVES', name: 'Fan Faves', abbreviation: 'Faves', group: 'Programming', applies: ['movie', 'showtime'], description: 'Classics back on the big screen.' },
  { code: 'BAR', name: 'Full Bar', abbreviation: 'Bar', group: 'Amenities', applies: ['theatre'], description: 'Cocktails, beer and wine.' },
  { code: 'PRIVATERENTALS', name: 'Private Theatre Rentals', abbreviation: 'Rentals', group: 'Amenities', applies: ['theatre'], description: 'Rent an auditorium for you and your guests.' },
  { code: 'MOBILEORDERING', name: 'Mobile Ordering', abbreviation: 'Mobile', group: 'Amenities', applies: ['theatre'], description: 'Order food ahead and pick it up.' },
];

/** Attribute code → id. */
export type AttributeIndex = Map<string, number>;

export async function seedAttributes(tx: SeedTx): Promise<AttributeIndex> {
  await insertRows(
    tx,
    attributeGroups,
    GROUPS.map((g, i) => ({ id: i + 1, name: g.name, description: g.description, sort: i + 1 })),
  );
  const groupId = new Map(GROUPS.map((g, i) => [g.name, i + 1]));
  const index: AttributeIndex = new Map();
  const rows = ATTRIBUTES.map((a, i) => {
    index.set(a.code, i + 1);
    const key = a.code.toLowerCase();
    const base = `https://media.marquee.example/attributes/${key}`;
    return {
      id: i + 1,
      code: a.code,
      name: a.name,
      abbreviation: a.abbreviation,
      shortDescription: a.description,
      longDescription: `${a.name}: ${a.description} Look for the ${a.abbreviation} label on showtimes and theatres.`,
      appliesToTheatre: a.applies.includes('theatre'),
      appliesToShowtime: a.applies.includes('showtime'),
      appliesToMovie: a.applies.includes('movie'),
      url: `https://www.marquee.example/experiences/${key}`,
      sort: i + 1,
      isActive: true,
      isPremiumFormat: a.premium ?? false,
      groupId: groupId.get(a.group),
      media: {
        LogoDynamic: `${base}/logo.png`,
        IconDynamic: `${base}/icon.png`,
        HeroDesktopDynamic: `${base}/hero-desktop.jpg`,
        HeroMobileDynamic: `${base}/hero-mobile.jpg`,
        BackgroundDesktopDynamicUrl: `${base}/background-desktop.jpg`,
        BackgroundMobileDynamicUrl: `${base}/background-mobile.jpg`,
      },
    };
  });
  await insertRows(tx, attributes, rows);
  await syncSequence(tx, attributeGroups);
  await syncSequence(tx, attributes);
  return index;
}
