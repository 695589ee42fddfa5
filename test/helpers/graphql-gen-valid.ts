import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { buildOperation, variablesJson, type Caller, type GenCase, type Generator, type OperationType, type RootCall, type RootField } from './graphql-gen';

/**
 * The valid cases of a root field for the differential suite (graphql-gen.ts has the pieces):
 * arguments as literals, as variables (also with defaults, and inside object and list literals),
 * fragments with aliases, several operations with one chosen, and directives.
 */

/** A valid call of `root`: chosen arguments in `form`, a fresh two-level selection. */
export function validCall(gen: Generator, root: RootField, form: 'literal' | 'variable'): RootCall {
  const args = gen.values.chooseArgs(root.field.args).map((arg) => ({
    arg,
    form,
    value: gen.values.value(arg.type, arg.name, root.field.name),
  }));
  // In the variables form, nested fields' arguments are variables too.
  const selectionVariables: [string, string, string][] = [];
  if (form === 'variable') {
    gen.selections.variables = (type, value) => {
      const name = `s${selectionVariables.length}`;
      selectionVariables.push([name, String(type), JSON.stringify(value)]);
      return `$${name}`;
    };
  }
  const selection = gen.selections.selection(root.field.type);
  gen.selections.variables = null;
  return { operation: root.operation, field: root.field, args, selection, selectionVariables };
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

  // Variables with defaults (sent none), and variables inside object and list literals.
  const forms = validCall(gen, root, 'variable');
  for (const spec of forms.args) {
    const named = getNamedType(spec.arg.type);
    const nestable = isInputObjectType(named) || isListType(isNonNullType(spec.arg.type) ? spec.arg.type.ofType : spec.arg.type);
    if (nestable && gen.rng.chance(0.6)) spec.form = 'nested';
    else if (gen.rng.chance(0.5)) spec.byDefault = true;
  }
  const withForms = buildOperation('GenVariableForms', forms);
  add('variable-forms', withForms.text, withForms.variables);

  // @include/@skip on fields (literal conditions) and on the root field (a variable), __typename here and there.
  gen.selections.decorate = true;
  const decorated = validCall(gen, root, gen.rng.chance(0.5) ? 'literal' : 'variable');
  gen.selections.decorate = false;
  if (root.operation !== 'subscription') decorated.include = gen.rng.chance(0.75);
  const withDirectives = buildOperation('GenDirectives', decorated);
  add('directives', withDirectives.text, withDirectives.variables);
  return cases;
}

/**
 * Introspection, which graphql-jit answers by its own path: the schema's root and type lists, a type's
 * fields with their arguments, an input type's fields, an enum's values, the directives. Named after
 * the meta-field as `Query.__schema` / `Query.__type`.
 */
export function introspectionCases(gen: Generator, schema: GraphQLSchema, callerAt: (i: number) => Caller): GenCase[] {
  const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
  const named = (pick: (t: GraphQLNamedType) => boolean) => gen.rng.pick(types.filter(pick)).name;
  const typeRef = 'type { name kind ofType { name kind ofType { name kind } } }';
  const documents: [string, string, string | undefined][] = [
    ['Query.__schema', '{ __schema { queryType { name } mutationType { name } subscriptionType { name } types { name kind } } }', undefined],
    ['Query.__schema', '{ __schema { directives { name locations args { name defaultValue } } } }', undefined],
    [
      'Query.__type',
      `query GenType($t: String!) { __type(name: $t) { name kind fields(includeDeprecated: true) { name args { name defaultValue ${typeRef} } ${typeRef} } } }`,
      JSON.stringify({ t: named(isObjectType) }),
    ],
    ['Query.__type', `{ __type(name: ${JSON.stringify(named(isInputObjectType))}) { name inputFields { name defaultValue ${typeRef} } } }`, undefined],
    ['Query.__type', `{ __type(name: ${JSON.stringify(named(isEnumType))}) { name enumValues(includeDeprecated: true) { name isDeprecated } } }`, undefined],
    ['Query.__type', '{ __type(name: "GenNoSuchType") { name } __typename }', undefined],
  ];
  return documents.map(([root, query, variables], i) => ({
    root,
    variant: 'introspection',
    hostile: false,
    operation: 'query',
    query,
    ...(variables !== undefined ? { variablesJson: variables } : {}),
    caller: callerAt(i),
  }));
}
