import { ApolloServer } from '@apollo/server';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { formatGraphQLError } from '../../src/graphql/format-error';
import { checkVariables, findBadString, inputTextRule } from '../../src/graphql/input-guard';

const schema = buildSchema(`
  input Filter { name: String, codes: [String!] }
  type Query { echo(text: String, filter: Filter): String }
`);
schema.getQueryType()!.getFields().echo.resolve = (_root, args: { text?: string; filter?: { name?: string } }) =>
  args.text ?? args.filter?.name ?? null;

describe('findBadString', () => {
  test.each([
    [{ text: 'fine', n: 1, list: ['a', 'b'] }, null],
    [{ text: 'a\u0000b' }, 'text contains a NUL byte'],
    [{ filter: { codes: ['IMAX', '\ud800'] } }, 'filter.codes.1 is not valid Unicode (a lone surrogate)'],
    ['\u0000', 'value contains a NUL byte'],
    [null, null],
  ])('%j → %p', (value, expected) => expect(findBadString(value)).toBe(expected));
});

describe('checkVariables', () => {
  test('null for fine variables, none, or null', () => {
    expect(checkVariables({ text: 'ok', filter: { codes: ['A'] } })).toBeNull();
    expect(checkVariables(undefined)).toBeNull();
    expect(checkVariables(null)).toBeNull();
  });

  test('a BAD_USER_INPUT error with status 400 naming the variable', () => {
    const error = checkVariables({ filter: { name: 'x\u0000' } })!;
    expect(error.message).toBe('Variable "$filter.name" contains a NUL byte');
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: '$filter', http: { status: 400 } });
  });
});

describe('inputTextRule', () => {
  const errorsOf = (doc: string) => validate(schema, parse(doc), [...specifiedRules, inputTextRule]);

  test('a NUL byte in an argument, an input field or a default value is reported', () => {
    expect(errorsOf('{ echo(text: "a\\u0000b") }').map((e) => e.message)).toEqual(['String literal contains a NUL byte']);
    expect(errorsOf('{ echo(filter: { codes: ["ok", "\\u0000"] }) }')).toHaveLength(1);
    expect(errorsOf('query($t: String = "\\u0000") { echo(text: $t) }')).toHaveLength(1);
    expect(errorsOf('{ echo(text: """block \\u0000""") }')).toHaveLength(0); // block strings have no escapes
  });

  test('ordinary strings pass', () => {
    expect(errorsOf('{ echo(text: "héllo 🎬 \\u00e9") }')).toEqual([]);
  });
});

describe('wired into Apollo Server as src/server.ts would', () => {
  let server: ApolloServer;
  beforeAll(async () => {
    server = new ApolloServer({
      schema,
      validationRules: [inputTextRule],
      // As src/server.ts does: checkVariables once the operation is resolved, before execution.
      plugins: [
        {
          async requestDidStart() {
            return {
              async didResolveOperation({ request }) {
                const error = checkVariables(request.variables);
                if (error) throw error;
              },
            };
          },
        },
      ],
      formatError: (formatted, error) => formatGraphQLError(formatted, error, () => undefined),
    });
    await server.start();
  });
  afterAll(() => server.stop());

  const run = async (query: string, variables?: Record<string, unknown>) => {
    const res = await server.executeOperation({ query, variables });
    if (res.body.kind !== 'single') throw new Error('unexpected incremental response');
    return { status: res.http.status ?? 200, result: res.body.singleResult };
  };

  test('a NUL byte in a variable: 400 BAD_USER_INPUT, nothing executed', async () => {
    const { status, result } = await run('query($t: String) { echo(text: $t) }', { t: 'a\u0000b' });
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(result.errors?.[0].message).toBe('Variable "$t" contains a NUL byte');
  });

  test('a lone surrogate in a nested variable: 400 BAD_USER_INPUT', async () => {
    const { status, result } = await run('query($f: Filter) { echo(filter: $f) }', { f: { codes: ['\udc00'] } });
    expect(status).toBe(400);
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  test('a NUL byte in a literal: 400 BAD_USER_INPUT', async () => {
    const { status, result } = await run('{ echo(text: "a\\u0000b") }');
    expect(status).toBe(400);
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  test('a lone surrogate in a literal is a parse error (400)', async () => {
    const { status, result } = await run('{ echo(text: "\\ud800") }');
    expect(status).toBe(400);
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_PARSE_FAILED']);
  });

  test('fine text runs', async () => {
    const { result } = await run('query($t: String) { echo(text: $t) }', { t: 'héllo' });
    expect(result).toEqual({ data: { echo: 'héllo' } });
  });
});
