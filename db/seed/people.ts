import { movieCredits, people } from '../schema';
import { CHARACTER_TITLES, FIRST_NAMES, LAST_NAMES } from './data/words';
import { insertRows, slugify, syncSequence, type SeedTx } from './insert';
import type { MovieSeed } from './movies';
import { createRandom } from './random';

export interface PersonSeed {
  id: number;
  name: string;
  slug: string;
}

const BIO_STARTS = ['Born in', 'Raised in', 'A native of', 'Trained in'];
const BIO_PLACES = ['Chicago', 'Toronto', 'London', 'Mexico City', 'Seoul', 'Lagos', 'Sydney', 'Austin', 'Dublin', 'Mumbai'];
const BIO_ENDS = [
  'began on stage before moving to film.',
  'is known for sharp comic timing and intense dramatic turns.',
  'has worked across independent and studio productions.',
  'studied film and wrote short stories before the first feature.',
];

/** People (about four per movie) and credits: 4–8 actors with roles, 1–2 directors, a producer, a writer. */
export async function seedPeople(tx: SeedTx, movies: MovieSeed[]): Promise<{ people: PersonSeed[]; credits: number }> {
  const rng = createRandom('people');
  const count = movies.length * 4 + 12;
  const all: PersonSeed[] = [];
  const names = new Set<string>();
  const rows: (typeof people.$inferInsert)[] = [];
  while (all.length < count && names.size < FIRST_NAMES.length * LAST_NAMES.length) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (names.has(name)) continue;
    names.add(name);
    const id = all.length + 1;
    const slug = slugify(name);
    all.push({ id, name, slug });
    rows.push({
      id,
      name,
      biography: `${rng.pick(BIO_STARTS)} ${rng.pick(BIO_PLACES)}, ${name.split(' ')[0]} ${rng.pick(BIO_ENDS)}`,
      biographyUrl: `https://www.marquee.example/people/${id}-${slug}`,
      profileImageUrl: `https://media.marquee.example/people/${id}-${slug}/profile.jpg`,
    });
  }
  // A pool of actors and one of crew, so most people have one kind of job (as in life).
  const actors = all.slice(0, Math.floor(all.length * 0.7));
  const crew = all.slice(actors.length);
  const credits: (typeof movieCredits.$inferInsert)[] = [];
  for (const movie of movies) {
    let sortOrder = 0;
    const add = (personId: number, job: string, role: string | null) =>
      credits.push({ id: credits.length + 1, movieId: movie.id, personId, job, role, sortOrder: sortOrder++ });
    for (const actor of rng.sample(actors, rng.int(4, 8))) {
      const first = rng.pick(FIRST_NAMES);
      const role = rng.chance(0.3) ? `${rng.pick(CHARACTER_TITLES)} ${rng.pick(LAST_NAMES)}` : `${first} ${rng.pick(LAST_NAMES)}`;
      add(actor.id, 'Actor', role);
    }
    const [director, codirector, producer, writer] = rng.sample(crew, 4);
    add(director.id, 'Director', null);
    if (rng.chance(0.25)) add(codirector.id, 'Director', null);
    add(producer.id, 'Producer', null);
    add(writer.id, 'Writer', null);
  }
  await insertRows(tx, people, rows);
  await insertRows(tx, movieCredits, credits);
  await syncSequence(tx, people);
  await syncSequence(tx, movieCredits);
  return { people: all, credits: credits.length };
}
