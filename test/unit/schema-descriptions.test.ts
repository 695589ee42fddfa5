import fs from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';
import { SCHEMA_FILE } from '../../schema/emit';

/** Every type, field, argument and enum value of the emitted SDL that has no description. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (path: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(path);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        if ('args' in field) for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
  }
  return missing;
}

const sdl = fs.readFileSync(SCHEMA_FILE, 'utf8');
const schema = buildSchema(sdl);

test('every type, field, argument and enum value of schema/schema.graphql is described', () => {
  expect(undescribed(schema)).toEqual([]);
});

test('the check finds an undescribed field, argument and enum value', () => {
  const bare = buildSchema('"q" type Query { "f" f(a: Int): E g: Int } "e" enum E { "x" X Y }');
  expect(undescribed(bare)).toEqual(['Query.f(a)', 'Query.g', 'E.Y']);
});

test('UTC date-times are DateTime, theatre-local date-times LocalDateTime', () => {
  const wrong: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || isIntrospectionType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type).name;
      if (/(Date|DateTime)Utc$|^earliestShowingUtc$/.test(field.name) && named !== 'DateTime') wrong.push(`${type.name}.${field.name}: ${named}`);
      if (/DateTimeLocal$/.test(field.name) && named !== 'LocalDateTime') wrong.push(`${type.name}.${field.name}: ${named}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(sdl).toContain('scalar DateTime');
  expect(sdl).toContain('scalar LocalDateTime');
});
