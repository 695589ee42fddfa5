/**
 * The parent object of a field resolver, as it is: `@Root() showtime: Parent<Showtime>`.
 *
 * type-graphql reads a `@Root()` parameter's class from TypeScript's emitted `design:paramtypes`, and
 * with a class there it copies every parent into a new instance of it on every call (`new Showtime()`,
 * then the parent's properties): about 70 copies for a day of showtimes with movie and attributes, an
 * eighth of that request's CPU in a profile. A mapped type is emitted as `Object`, which names no class,
 * so type-graphql passes the parent through untouched. Our parents are plain rows and JSON records; a
 * class with behaviour (a getter such as `SeatingLayout.seats`) keeps its own type and the conversion.
 * test/unit/plain-roots.test.ts checks that every plain class's parents are passed as they are.
 */
export type Parent<T> = Readonly<T>;
