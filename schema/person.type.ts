import { Field, Int, ObjectType } from 'type-graphql';
import { fieldTable } from '../src/services/shared/field-table';
import type { CreditRow, PersonRow } from '../src/services/person';

@ObjectType({ simpleResolvers: true, description: 'Images of a person.' })
export class PersonMedia {
  @Field(() => String, { description: 'Profile picture.', nullable: true })
  profileDynamic!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A person of a movie\'s cast or crew.' })
export class Person {
  @Field(() => Int, { description: 'The person id.' })
  id!: number;

  @Field(() => String, { description: 'Full name.' })
  name!: string;

  @Field(() => String, { description: 'Biography.', nullable: true })
  biography!: string | null;

  @Field(() => String, { description: 'A page with the biography.', nullable: true })
  biographyUrl!: string | null;

  @Field(() => PersonMedia, { description: "The person's media URLs." })
  media!: PersonMedia;
}

@ObjectType({ simpleResolvers: true, description: 'One credit of a movie: a person and their job (and role, for actors).' })
export class Credit {
  @Field(() => Int, { description: 'The credit id.' })
  id!: number;

  @Field(() => Int, { description: 'The movie.' })
  movieId!: number;

  @Field(() => Int, { description: 'The person.' })
  personId!: number;

  @Field(() => String, { description: 'Actor, Director, Producer or Writer.' })
  job!: string;

  @Field(() => String, { nullable: true, description: 'Character name; null for non-actors.' })
  role!: string | null;

  @Field(() => Int, { description: 'Billing order.' })
  sortOrder!: number;

  /** The person row read with the credit (a movie's credits come with their people), if any. */
  personRow?: PersonRow;
}

/** Maps a person row to its GraphQL type (once per row: a request's rows map once however often credited). */
export function toPerson(row: PersonRow): Person {
  let person = mappedPeople.get(row);
  if (!person) {
    person = mapPerson(row);
    mappedPeople.set(row, person);
  }
  return person;
}

const mappedPeople = new WeakMap<PersonRow, Person>();

/** A person's fields from its row (src/services/shared/field-table.ts). */
export const PERSON_FIELDS = fieldTable<PersonRow>()({
  id: 'id',
  name: 'name',
  biography: 'biography',
  biographyUrl: 'biographyUrl',
  media: { needs: ['profileImageUrl'], value: (row) => Object.assign(new PersonMedia(), { profileDynamic: row.profileImageUrl }) },
});

function mapPerson(row: PersonRow): Person {
  return Object.assign(new Person(), PERSON_FIELDS.all(row));
}

/** A credit's fields from its row (src/services/shared/field-table.ts). */
export const CREDIT_FIELDS = fieldTable<CreditRow>()({
  id: 'id',
  movieId: 'movieId',
  personId: 'personId',
  job: 'job',
  role: { needs: ['job', 'role'], value: (row) => (row.job === 'Actor' ? row.role : null) },
  sortOrder: 'sortOrder',
});

/** Maps a credit row to its GraphQL type; with its person row when it was read with it. */
export function toCredit(row: CreditRow, personRow?: PersonRow): Credit {
  return Object.assign(new Credit(), { personRow, ...CREDIT_FIELDS.all(row) });
}
