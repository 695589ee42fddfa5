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
      return `${alias}${f.name}${this.nestedArgs(type.name, f)}${this.selection(f.type, level + 1)}`;
    });
    return ` { ${parts.join(' ')} }`;
  }

  /** A nested field's required arguments, as literals of valid values. */
  private nestedArgs(typeName: string, field: GraphQLField<unknown, unknown>): string {
    const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
    if (required.length === 0) return '';
    const scope = `${typeName}.${field.name}`;
    return `(${required.map((a) => `${a.name}: ${literal(this.values.value(a.type, a.name, scope), a.type)}`).join(', ')})`;
  }
}

/** How one argument of a root call is passed. */
export interface ArgSpec {
  arg: GraphQLArgument;
  /** A literal, a variable (declared with `declared`, default the argument's type) or left out. */
  form: 'literal' | 'variable';
  value?: unknown;
  /** The variable's declared type when not the argument's own (a nullable one, say). */
  declared?: string;
  /** Declare the variable but send no value for it. */
  unsent?: boolean;
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
    const variable = `v${i}`;
    definitions.push(`$${variable}: ${spec.declared ?? String(spec.arg.type)}`);
    if (!spec.unsent) variables.push([variable, spec.json ?? JSON.stringify(spec.value)]);
    return `${spec.arg.name}: $${variable}`;
  });
  const head = `${call.operation}${name ? ` ${name}` : ''}${definitions.length ? `(${definitions.join(', ')})` : ''}`;
  const argText = args.length ? `(${args.join(', ')})` : '';
  let selection = call.selection;
  if (call.extraSelection) {
    selection = selection ? selection.replace(/ }$/, ` ${call.extraSelection} }`) : ` { ${call.extraSelection} }`;
  }
  const field = `${call.alias ? `${call.alias}: ` : ''}${call.field.name}${argText}${selection}`;
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

/** A valid call of `root`: chosen arguments in `form`, a fresh two-level selection. */
export function validCall(gen: Generator, root: RootField, form: 'literal' | 'variable'): RootCall {
  const args = gen.values.chooseArgs(root.field.args).map((arg) => ({
    arg,
    form,
    value: gen.values.value(arg.type, arg.name, root.field.name),
  }));
  return { operation: root.operation, field: root.field, args, selection: gen.selections.selection(root.field.type) };
}

/** The root type's name of an operation type, for fragments on the root. */
const ROOT_TYPE: Record<OperationType, string> = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/**
 * The valid cases of one root field: literals, variables, fragments with aliases, and several
 * operations in one document with one chosen. `callerAt(i)` is the caller of the i-th.
 */
export function validCases(gen: Generator, root: RootField, callerAt: (i: number) => Caller): GenCase[] {
  const cases: GenCase[] = [];
  const add = (variant: string, query: string, vars: [string, string][], operationName?: string) =>
    cases.push({
      root: root.name,
      variant,
      hostile: false,
      operation: root.operation,
      query,
      variablesJson: variablesJson(vars),
      ...(operationName !== undefined ? { operationName } : {}),
      caller: callerAt(cases.length),
    });

  const literals = buildOperation(null, validCall(gen, root, 'literal'));
  add('literals', literals.text, literals.variables);
  const variables = buildOperation('GenVariables', validCall(gen, root, 'variable'));
  add('variables', variables.text, variables.variables);

  // A named fragment and an inline one on the field's type, and on the root type; the field aliased.
  const call = validCall(gen, root, gen.rng.chance(0.5) ? 'literal' : 'variable');
  const named = getNamedType(root.field.type);
  const fragments: string[] = [];
  if (!isLeafType(named)) {
    const inner = gen.selections.selection(root.field.type);
    fragments.push(`fragment GenFields on ${named.name}${inner}`);
    call.extraSelection = `...GenFields ... on ${named.name}${gen.selections.selection(root.field.type)}`;
  }
  call.alias = 'genAlias';
  const op = buildOperation('GenFragments', call);
  const rootType = ROOT_TYPE[root.operation];
  fragments.push(`fragment GenRoot on ${rootType} { ${op.call} }`);
  // A subscription selects exactly one root field, so no __typename beside it.
  const inline = root.operation === 'subscription' ? '' : ` ... on ${rootType} { __typename }`;
  add('fragments', [`${op.head} { ...GenRoot${inline} }`, ...fragments].join('\n'), op.variables);

  // Several operations; the request names the one to run.
  const target = buildOperation('GenChosen', validCall(gen, root, gen.rng.chance(0.5) ? 'literal' : 'variable'));
  const others = ['query GenOther { __typename }', 'mutation GenOtherMutation { __typename }'];
  const documents = gen.rng.shuffle([target.text, ...others]);
  add('operations', documents.join('\n'), target.variables, 'GenChosen');
  return cases;
}
