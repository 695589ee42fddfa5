import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  parse,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { jitGateway, operationResolutionError } from '../../src/graphql/jit';

/**
 * The graphql-jit executor (src/graphql/jit.ts) answers as graphql-js does: the same data, the same
 * errors (message, locations, path, extensions, originalError), graphql-js' variable coercion.
 */
const schema = buildSchema(`
  enum Kind { ADULT CHILD }
  input SeatInput { row: String! number: Int! kind: Kind! = ADULT }
  type Seat { row: String! number: Int! kind: Kind! label: String! }
  type Query {
    seats(input: [SeatInput!]!): [Seat!]!
    echo(n: Int = 7): Int
    fails: Int
    broken: Seat
  }
`);

const fields = (schema.getQueryType() as unknown as { getFields(): Record<string, { resolve?: unknown }> }).getFields();
fields.seats.resolve = (_: unknown, args: { input: { row: string; number: number; kind: string }[] }) =>
  args.input.map((s) => ({ ...s, label: `${s.row}${s.number}/${s.kind}` }));
fields.echo.resolve = (_: unknown, args: { n: number | null }) => args.n;
fields.fails.resolve = () => {
  throw new Error('boom');
};
// `label` is non-null and missing: graphql-js nulls `broken` and reports where.
fields.broken.resolve = () => ({ row: 'A', number: 1, kind: 1 });

/**
 * Runs `document` through the gateway's executor as Apollo Server calls it: `request` as the client
 * sent it, `operation`/`operationName` as Apollo resolved them (absent when no operation matches).
 */
async function viaJit(
  s: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName?: string | null,
): Promise<ExecutionResult> {
  const gateway = jitGateway(s);
  const { executor } = await gateway.load({ apollo: {} });
  const operation = getOperationAST(document, operationName) ?? undefined;
  const request = {
    request: { variables, ...(operationName !== undefined ? { operationName } : {}) },
    document,
    operation,
    operationName: operation?.name?.value ?? null,
    context: {},
  };
  return executor!(request as unknown as Parameters<NonNullable<typeof executor>>[0]);
}

function comparable(result: ExecutionResult) {
  return {
    data: result.data,
    errors: result.errors?.map((e) => ({
      json: e.toJSON(),
      isGraphQLError: e instanceof GraphQLError,
      extensions: e.extensions,
    })),
  };
}

const cases: [string, string, Record<string, unknown>][] = [
  ['an omitted non-null input field with a default', 'query($s: [SeatInput!]!) { seats(input: $s) { row number kind label } }', { s: [{ row: 'A', number: 3 }] }],
  ['an enum variable', 'query($s: [SeatInput!]!) { seats(input: $s) { kind label } }', { s: [{ row: 'B', number: 1, kind: 'CHILD' }] }],
  ['a variable of the wrong type', 'query($s: [SeatInput!]!) { seats(input: $s) { row } }', { s: [{ row: 'A', number: 'x' }] }],
  ['a missing required variable', 'query($s: [SeatInput!]!) { seats(input: $s) { row } }', {}],
  ['an omitted nullable variable: the argument default', 'query($n: Int) { echo(n: $n) }', {}],
  ['an explicit null', 'query($n: Int) { echo(n: $n) }', { n: null }],
  ['a variable default', 'query($n: Int = 3) { echo(n: $n) }', {}],
  ['a resolver that throws', '{ fails echo }', {}],
  ['a non-null field without a value', '{ broken { row label } }', {}],
  ['@include and @skip on variables', 'query($a: Boolean!, $b: Boolean = false) { echo @include(if: $a) fails @skip(if: $b) }', { a: true }],
  ['introspection (no type of the executor shows)', '{ __schema { types { name } } __type(name: "JitCoercedVariable") { name } }', {}],
  ['introspection beside fields, with variables', 'query($n: Int, $t: String!) { echo(n: $n) __type(name: $t) { name kind } }', { n: 2, t: 'Seat' }],
  [
    'a directive variable with a default, in a fragment',
    'query($on: Boolean = true, $n: Int) { ...F } fragment F on Query { echo(n: $n) @include(if: $on) again: echo @skip(if: $on) }',
    { n: 4 },
  ],
];

describe('graphql-jit executor', () => {
  it.each(cases)('%s: as graphql-js answers', async (_name, query, variables) => {
    const document = parse(query);
    const expected = await execute({ schema, document, variableValues: variables, contextValue: {} });
    const actual = await viaJit(schema, document, variables);
    expect(comparable(actual)).toEqual(comparable(expected));
  });

  it('keeps what a resolver threw as the originalError (formatError reads domain errors from it)', async () => {
    const result = await viaJit(schema, parse('{ fails }'), {});
    expect(result.errors?.[0].originalError?.message).toBe('boom');
  });

  // Which operation runs is graphql-js' choice, made from the client's operationName: Apollo hands the
  // executor no operation when none matches, and reading one anyway was a 500 (issue 24).
  const selections: [string, string, string | null | undefined][] = [
    ['a name no operation has', 'query A { echo }', 'C'],
    ['a name for a document whose only operation has none', '{ echo }', 'C'],
    ['an empty name', 'query A { echo }', ''],
    ['several operations and no name', 'query A { echo } query B { fails }', undefined],
    ['several operations and a null name', 'query A { echo } query B { fails }', null],
    ['the named one of several', 'query A { echo } query B($n: Int = 2) { echo(n: $n) }', 'B'],
    ['the other named one, with its own variables', 'query A($s: [SeatInput!]!) { seats(input: $s) { row } } query B { echo }', 'A'],
    ['the only operation, unnamed by the request', 'query B($n: Int = 5) { echo(n: $n) }', undefined],
  ];
  it.each(selections)('chooses the operation as graphql-js does: %s', async (_name, query, operationName) => {
    const document = parse(query);
    const variables = { s: [{ row: 'C', number: 9 }] };
    const expected = await execute({ schema, document, variableValues: variables, operationName, contextValue: {} });
    const actual = await viaJit(schema, document, variables, operationName);
    expect(comparable(actual)).toEqual(comparable(expected));
  });

  it('runs whichever operation of one document is chosen, each from its own compiled form', async () => {
    const document = parse('query A { echo(n: 1) } query B { echo(n: 2) }');
    const gateway = jitGateway(schema);
    const { executor } = await gateway.load({ apollo: {} });
    const run = (operationName: string) =>
      executor!({
        request: { operationName },
        document,
        operation: getOperationAST(document, operationName),
        operationName,
        context: {},
      } as unknown as Parameters<NonNullable<typeof executor>>[0]);
    expect((await run('B')).data).toEqual({ echo: 2 });
    expect((await run('A')).data).toEqual({ echo: 1 });
    expect((await run('B')).data).toEqual({ echo: 2 });
  });

  it('gives graphql-ws the error Apollo answers over HTTP when no operation can be chosen', async () => {
    const document = parse('query A { echo } query B { echo }');
    for (const [operationName, message] of [
      ['C', 'Unknown operation named "C".'],
      [undefined, 'Must provide operation name if query contains multiple operations.'],
    ] as const) {
      const error = operationResolutionError(schema, document, operationName);
      expect(error?.message).toBe(message);
      expect((await execute({ schema, document, operationName })).errors?.[0].message).toBe(message);
      expect(error?.extensions).toEqual({ code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } });
    }
    expect(operationResolutionError(schema, document, 'B')).toBeNull();
  });

  it('runs a document again from its compiled form with other variables', async () => {
    const document = parse('query($n: Int) { echo(n: $n) }');
    expect((await viaJit(schema, document, { n: 1 })).data).toEqual({ echo: 1 });
    expect((await viaJit(schema, document, { n: 2 })).data).toEqual({ echo: 2 });
  });
});
