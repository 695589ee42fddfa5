import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { documentedCacheIdentity } from '../helpers/cache-identity';

/**
 * Every object type a client may cache is identified (an `id` field, or documented key fields) or
 * documented as a value object: a new type without either fails here, and so does a stale entry.
 */
const schema = buildSchema(readFileSync(path.join(__dirname, '../../schema/schema.graphql'), 'utf8'));
const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((t) => t?.name));
const objectTypes = Object.values(schema.getTypeMap()).filter(
  (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && !roots.has(t.name),
);
const identity = documentedCacheIdentity();

test('every object type has an id, documented key fields, or is a documented value object', () => {
  const withoutIdentity = objectTypes
    .filter((t) => !t.getFields().id && !identity.keyFields[t.name])
    .map((t) => t.name)
    .sort();
  expect(withoutIdentity).toEqual([...identity.valueObjects].sort());
});

test('documented key fields are non-null scalar fields of their type', () => {
  for (const [name, keys] of Object.entries(identity.keyFields)) {
    const type = schema.getType(name);
    expect(isObjectType(type)).toBe(true);
    const fields = (type as GraphQLObjectType).getFields();
    for (const key of keys) {
      expect({ type: name, key, nonNull: String(fields[key]?.type).endsWith('!') }).toEqual({ type: name, key, nonNull: true });
      expect(isObjectType(getNamedType(fields[key].type))).toBe(false);
    }
  }
  // Layout's id is the REST layout id, shared by its versions: its key must include the version.
  expect(identity.keyFields.Layout).toEqual(['id', 'versionNumber']);
});

test('seats carry ids, in the seat map and in seatStatusChanged messages alike', () => {
  const seat = schema.getType('Seat') as GraphQLObjectType;
  expect(String(seat.getFields().id?.type)).toBe('ID!');
  const change = schema.getType('SeatStatusChange') as GraphQLObjectType;
  expect(getNamedType(change.getFields().seats.type).name).toBe('Seat');
  const map = schema.getType('SeatingLayout') as GraphQLObjectType;
  expect(getNamedType(map.getFields().seats.type).name).toBe('Seat');
});
