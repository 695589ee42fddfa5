import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { createRandom, type Random } from '../../db/seed/random';

/**
 * Generates GraphQL operations from a schema for the differential suite
 * (test/integration/graphql-generated.test.ts): every root field, two levels of selections, arguments
 * as literals and as variables, fragments, aliases and several operations per document. The hostile
 * variants are built on the same pieces (graphql-gen-hostile.ts). Everything is drawn from a seeded
 * PRNG, so a run is the same documents every time.
 */

/** Who sends a case (a vendor key, an account token, both); the suite maps each to its credentials. */
export type Caller = 'anonymous' | 'vendor' | 'account' | 'vendor-account' | 'admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'vendor', 'account', 'vendor-account', 'admin'];

export type OperationType = 'query' | 'mutation' | 'subscription';

export interface GenCase {
  /** The root field the case is about, e.g. `Query.movie`. */
  root: string;
  /** What the case varies: a valid form (`literals`, `variables`, …) or a hostile class. */
  variant: string;
  hostile: boolean;
  /** The type of the operation the request selects (of the first one when none is selected). */
  operation: OperationType;
  query: string;
  /** The variables as sent (JSON text): hostile numbers such as `1e400` have no JSON.stringify form. */
  variablesJson?: string;
  /** Absent: the request carries no operationName; null: it carries `"operationName": null`. */
  operationName?: string | null;
  caller: Caller;
}

/**
 * Valid values by name, read from the seeded database: `movie.id` (root field and argument),
 * `Theatre.showtimes.date` (a nested field's argument) or just `showtimeId` (any argument or input
 * field of that name). A list-typed name holds whole lists.
 */
export type Fixtures = Record<string, readonly unknown[]>;

/** A literal written as it is (hostile forms that no value prints to). */
export class Raw {
  constructor(readonly text: string) {}
}

/** `value` written as a GraphQL literal of `type` (enums bare, strings quoted, objects by field). */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value instanceof Raw) return value.text;
  if (value === null) return 'null';
  if (isNonNullType(type)) return literal(value, type.ofType);
  if (isListType(type)) {
    return Array.isArray(value) ? `[${value.map((v) => literal(v, type.ofType)).join(', ')}]` : literal(value, type.ofType);
  }
  if (isEnumType(type) && typeof value === 'string') return value;
  if (isInputObjectType(type) && typeof value === 'object') {
    const fields = type.getFields();
    const entries = Object.entries(value as Record<string, unknown>).map(([key, v]) => {
      const fieldType = fields[key]?.type;
      return `${key}: ${fieldType ? literal(v, fieldType) : JSON.stringify(v)}`;
    });
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** `value` as a literal of `type` whose scalar and enum leaves are written by `leaf` (a variable, say). */
function nestedLiteral(value: unknown, type: GraphQLInputType, leaf: (type: GraphQLInputType, value: unknown) => string): string {
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (value !== null && isListType(nullable) && Array.isArray(value)) {
    return `[${value.map((v) => nestedLiteral(v, nullable.ofType, leaf)).join(', ')}]`;
  }
  if (value !== null && typeof value === 'object' && isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${nestedLiteral(v, fields[key].type, leaf)}`)
      .join(', ')}}`;
  }
  return leaf(type, value);
}

const SCALAR_VALUES: Record<string, (rng: Random) => unknown> = {
  Int: (rng) => rng.int(1, 5),
  Float: (rng) => rng.pick([1.5, 2, 10.25]),
  String: (rng) => `gen-${rng.int(1, 999)}`,
  Boolean: (rng) => rng.chance(0.5),
  ID: (rng) => String(rng.int(1, 5)),
  DateTime: () => '2030-01-01T12:00:00.000Z',
  LocalDateTime: () => '2030-01-01T12:00:00',
  LocalDate: () => '2030-01-01',
};

/** Draws valid argument values: the seeded data's where the fixtures name one, else by type. */
export class ValueMaker {
  constructor(
    readonly rng: Random,
    private readonly fixtures: Fixtures,
  ) {}

  private fixture(name: string, scope: string): unknown {
    const list = this.fixtures[`${scope}.${name}`] ?? this.fixtures[name];
    return list?.length ? this.rng.pick(list) : undefined;
  }

  value(type: GraphQLInputType, name: string, scope: string): unknown {
    if (isNonNullType(type)) return this.value(type.ofType, name, scope);
    const known = this.fixture(name, scope);
    if (isListType(type)) return Array.isArray(known) ? known : [this.value(type.ofType, name, scope)];
    if (known !== undefined) return known;
    if (isEnumType(type)) return this.rng.pick(type.getValues()).name;
    if (isInputObjectType(type)) {
      const out: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        const required = isNonNullType(field.type) && field.defaultValue === undefined;
        if (required || this.rng.chance(0.4)) out[field.name] = this.value(field.type, field.name, type.name);
      }
      return out;
    }
    const make = SCALAR_VALUES[getNamedType(type).name];
    if (!make) throw new Error(`no generated value for scalar ${getNamedType(type).name}`);
    return make(this.rng);
  }

  /** The arguments a call passes: the required ones, and some optional ones. */
  chooseArgs(args: readonly GraphQLArgument[]): GraphQLArgument[] {
    return args.filter((a) => (isNonNullType(a.type) && a.defaultValue === undefined) || this.rng.chance(0.3));
  }
}

/** Picks fields two levels deep: leaves and objects at the first level, leaves at the second. */
export class SelectionMaker {
  /** Also `__typename`, and `@include`/`@skip` with literal conditions, here and there. */
  decorate = false;
  /** When set, nested fields' arguments are variables: it declares one and returns its `$name`. */
  variables: ((type: GraphQLInputType, value: unknown) => string) | null = null;

  constructor(private readonly values: ValueMaker) {}

  private get rng(): Random {
    return this.values.rng;
  }

  /** ` { … }` for an object, interface or union type; '' for a leaf. `level` 1 is the root field's selection. */
  selection(type: GraphQLOutputType, level = 1): string {
    const named = getNamedType(type);
    if (isLeafType(named)) return '';
    if (isUnionType(named)) {
      const members = this.rng.sample(named.getTypes(), 2);
      return ` { __typename ${members.map((m) => `... on ${m.name}${this.fieldsOf(m, level)}`).join(' ')} }`;
    }
    return this.fieldsOf(named as GraphQLObjectType | GraphQLInterfaceType, level);
  }

  /** The selection set of `type` at `level`, as ` { … }`. */
  fieldsOf(type: GraphQLObjectType | GraphQLInterfaceType, level: number): string {
    const fields = Object.values(type.getFields());
    const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)));
    const objects = level < 2 ? fields.filter((f) => !isLeafType(getNamedType(f.type))) : [];
    const chosen = [...this.rng.sample(leaves, 3), ...this.rng.sample(objects, 2)];
    if (chosen.length === 0) return ' { __typename }';
    const parts = chosen.map((f) => {
      const alias = this.rng.chance(0.15) ? `${f.name}Alias: ` : '';
      const directive = this.decorate && this.rng.chance(0.3) ? this.rng.pick([' @include(if: true)', ' @include(if: false)', ' @skip(if: true)', ' @skip(if: false)']) : '';
      return `${alias}${f.name}${this.nestedArgs(type.name, f)}${directive}${this.selection(f.type, level + 1)}`;
    });
    if (this.decorate && this.rng.chance(0.5)) parts.splice(this.rng.int(0, parts.length), 0, '__typename');
    return ` { ${parts.join(' ')} }`;
  }

  /** A nested field's arguments (the required ones, and some optional ones), as literals of valid values. */
  private nestedArgs(typeName: string, field: GraphQLField<unknown, unknown>): string {
    const chosen = this.values.chooseArgs(field.args);
    if (chosen.length === 0) return '';
    const scope = `${typeName}.${field.name}`;
    const write = (type: GraphQLInputType, value: unknown) => (this.variables ? this.variables(type, value) : literal(value, type));
    return `(${chosen.map((a) => `${a.name}: ${write(a.type, this.values.value(a.type, a.name, scope))}`).join(', ')})`;
  }
}

/** How one argument of a root call is passed. */
export interface ArgSpec {
  arg: GraphQLArgument;
  /**
   * A literal; a variable (declared with `declared`, default the argument's type); or `nested`: an
   * object or list literal whose scalar and enum leaves are variables (`{orderId: $v0_0, seats: [{row: $v0_1 …`).
   */
  form: 'literal' | 'variable' | 'nested';
  value?: unknown;
  /** The variable's declared type when not the argument's own (a nullable one, say). */
  declared?: string;
  /** Declare the variable but send no value for it. */
  unsent?: boolean;
  /** Declare the variable with the value as its default, and send none. */
  byDefault?: boolean;
  /** The variable's value as JSON text, when JSON.stringify cannot write it (1e400). */
  json?: string;
}

export interface RootCall {
  operation: OperationType;
  field: GraphQLField<unknown, unknown>;
  alias?: string;
  args: ArgSpec[];
  selection: string;
  /** Extra text inside the root field's selection (an unknown field, fragment spreads). */
  extraSelection?: string;
  /** `@include(if: $genIf)` on the root field, with that Boolean! variable's value. */
  include?: boolean;
  /** Variables the selection uses (nested fields' arguments): name, declared type, JSON text. */
  selectionVariables?: [string, string, string][];
}

export interface BuiltOperation {
  text: string;
  /** The operation's head (`query Name($v0: Int!)`) and its root field as written (`alias: field(…) { … }`). */
  head: string;
  call: string;
  /** name → JSON text of the value. */
  variables: [string, string][];
}

/** Writes one operation `name` (anonymous when null) calling `call`. */
export function buildOperation(name: string | null, call: RootCall): BuiltOperation {
  const definitions: string[] = [];
  const variables: [string, string][] = [];
  const args = call.args.map((spec, i) => {
    if (spec.form === 'literal') return `${spec.arg.name}: ${literal(spec.value, spec.arg.type)}`;
    if (spec.form === 'nested') {
      let n = 0;
      const text = nestedLiteral(spec.value, spec.arg.type, (type, value) => {
        const variable = `v${i}_${n++}`;
        definitions.push(`$${variable}: ${String(type)}`);
        variables.push([variable, JSON.stringify(value)]);
        return `$${variable}`;
      });
      return `${spec.arg.name}: ${text}`;
    }
    const variable = `v${i}`;
    const byDefault = spec.byDefault ? ` = ${literal(spec.value, spec.arg.type)}` : '';
    definitions.push(`$${variable}: ${spec.declared ?? String(spec.arg.type)}${byDefault}`);
    if (!spec.unsent && !spec.byDefault) variables.push([variable, spec.json ?? JSON.stringify(spec.value)]);
    return `${spec.arg.name}: $${variable}`;
  });
  for (const [variable, type, json] of call.selectionVariables ?? []) {
    definitions.push(`$${variable}: ${type}`);
    variables.push([variable, json]);
  }
  if (call.include !== undefined) {
    definitions.push('$genIf: Boolean!');
    variables.push(['genIf', String(call.include)]);
  }
  const head = `${call.operation}${name ? ` ${name}` : ''}${definitions.length ? `(${definitions.join(', ')})` : ''}`;
  const argText = args.length ? `(${args.join(', ')})` : '';
  let selection = call.selection;
  if (call.extraSelection) {
    selection = selection ? selection.replace(/ }$/, ` ${call.extraSelection} }`) : ` { ${call.extraSelection} }`;
  }
  const directive = call.include !== undefined ? ' @include(if: $genIf)' : '';
  const field = `${call.alias ? `${call.alias}: ` : ''}${call.field.name}${argText}${directive}${selection}`;
  return { text: `${head} { ${field} }`, head, call: field, variables };
}

/** The JSON text of a variables object from its entries' JSON texts. */
export function variablesJson(entries: readonly [string, string][]): string | undefined {
  return entries.length ? `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}` : undefined;
}

export interface RootField {
  operation: OperationType;
  field: GraphQLField<unknown, unknown>;
  /** `Query.movie` */
  name: string;
}

/** Every root field of the schema, queries first. */
export function rootFieldsOf(schema: GraphQLSchema): RootField[] {
  const roots: [OperationType, GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([operation, type]) =>
    type ? Object.values(type.getFields()).map((field) => ({ operation, field, name: `${type.name}.${field.name}` })) : [],
  );
}

export interface Generator {
  rng: Random;
  values: ValueMaker;
  selections: SelectionMaker;
}

export function generator(seed: string, fixtures: Fixtures): Generator {
  const rng = createRandom(seed);
  const values = new ValueMaker(rng, fixtures);
  return { rng, values, selections: new SelectionMaker(values) };
}
