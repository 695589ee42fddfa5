import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  BREAK,
  execute,
  getOperationAST,
  GraphQLError,
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  visit,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { buildExecutionContext } from 'graphql/execution/execute';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { tagRequestId } from './format-error';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];

/**
 * Queries and mutations run as JavaScript compiled once per document and operation (graphql-jit)
 * instead of graphql-js walking the document for every request (docs/decisions.md). What the client
 * sees stays graphql-js': it validates (Apollo, before execution) and it coerces the variables — its
 * defaults, its errors word for word, which Apollo answers with 400 BAD_USER_INPUT by their shape.
 * graphql-jit's own variable coercion differs (it refuses an omitted input field that is non-null
 * with a default, for one), so it never sees the client's variables: it compiles the operation with
 * every variable retyped as a scalar that takes the value graphql-js already coerced as it is.
 */
const COERCED = new GraphQLScalarType({
  name: 'JitCoercedVariable',
  description: 'A variable value graphql-js has already coerced (internal to execution, not in the SDL).',
  parseValue: (value) => value,
  serialize: (value) => value,
});

/** The schema graphql-jit compiles against: ours (the same type objects and resolvers) plus COERCED. */
function jitSchemaOf(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, COERCED] });
}

/**
 * The variables that are the condition of an `@include` or `@skip` anywhere in `document`. graphql-jit
 * compiles those conditions itself and refuses a variable that is not declared `Boolean!` or `Boolean`
 * with a default ("Variable … of type 'JitCoercedVariable' used in position expecting type 'Boolean!'",
 * which answered a valid query 400 BAD_REQUEST), so these keep their declaration; a Boolean's coercion is
 * the same in both, and graphql-js has applied the default already.
 */
function directiveConditions(document: DocumentNode): Set<string> {
  const names = new Set<string>();
  visit(document, {
    Directive(node) {
      if (node.name.value !== 'include' && node.name.value !== 'skip') return;
      for (const argument of node.arguments ?? []) {
        if (argument.name.value === 'if' && argument.value.kind === Kind.VARIABLE) names.add(argument.value.name.value);
      }
    },
  });
  return names;
}

/**
 * The document with each operation's variables typed COERCED and without defaults (applied already),
 * but for the conditions of `@include`/`@skip` (directiveConditions).
 */
function withCoercedVariables(document: DocumentNode): DocumentNode {
  const conditions = directiveConditions(document);
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind !== Kind.OPERATION_DEFINITION || !definition.variableDefinitions?.length
        ? definition
        : {
            ...definition,
            variableDefinitions: definition.variableDefinitions.map((variable) =>
              conditions.has(variable.variable.name.value)
                ? variable
                : {
                    ...variable,
                    type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: COERCED.name } },
                    defaultValue: undefined,
                  },
            ),
          },
    ),
  };
}

const asksIntrospection = new WeakMap<DocumentNode, boolean>();

/**
 * Whether `document` asks for `__schema` or `__type` anywhere. graphql-jit would answer those from the
 * schema it compiles against, which holds COERCED: `__schema.types` listed `JitCoercedVariable`, and
 * `__type(name: "JitCoercedVariable")` found it. Such documents (tools, rarely) run on graphql-js.
 */
function introspects(document: DocumentNode): boolean {
  let found = asksIntrospection.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Field(node) {
        if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
        found = true;
        return BREAK;
      },
    });
    asksIntrospection.set(document, found);
  }
  return found;
}

/**
 * Compiled operations by document, then operation name. Apollo hands every request of the same text
 * the same parsed document (its document store, an LRU), so an entry lives as long as its document:
 * a WeakMap needs no bound of its own.
 */
type Compiled = WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>;

function compiledFor(
  compiled: Compiled,
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
): CompiledQuery | ExecutionResult {
  let byName = compiled.get(document);
  if (!byName) {
    byName = new Map();
    compiled.set(document, byName);
  }
  const key = operationName ?? '';
  let entry = byName.get(key);
  if (!entry) {
    entry = compileQuery(schema, withCoercedVariables(document), operationName ?? undefined, { disablingCapturingStackErrors: true });
    byName.set(key, entry);
  }
  return entry;
}

/**
 * graphql-jit's errors are GraphQLErrors by prototype only: without an originalError that has
 * extensions, theirs is undefined (graphql-js always gives an object, and Apollo reads its `code`).
 * Each becomes the error graphql-js would have made: message, locations, path, originalError.
 */
function asGraphQLResult(result: ExecutionResult, requestId?: string): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, { path: e.path, originalError: e.originalError, extensions: e.extensions });
    (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    // The request's id for the masked error and its log line (src/graphql/format-error.ts).
    return tagRequestId(error, requestId);
  });
  return { ...result, errors };
}

/**
 * The error Apollo Server answers over HTTP when `document` has no operation to run under
 * `operationName` (a name no operation has; several operations and none named): graphql-js' own
 * message, `extensions.code` OPERATION_RESOLUTION_FAILURE, HTTP 400. Null when there is one to run.
 * graphql-ws (src/realtime/ws.ts) answers the same, instead of its own unlabelled "Unable to identify
 * operation". Call it after validation.
 */
export function operationResolutionError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): GraphQLError | null {
  if (getOperationAST(document, operationName)) return null;
  // No operation: graphql-js answers before it looks at a variable.
  const [error] = buildExecutionContext({ schema, document, operationName }) as readonly GraphQLError[];
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } },
  });
}

/**
 * Apollo Server runs operations through a gateway's executor when it has one; this "gateway" serves
 * our own schema and executes queries and mutations with graphql-jit (subscriptions run on graphql-ws,
 * src/realtime, with graphql-js).
 */
export function jitGateway(schema: GraphQLSchema): Gateway {
  const jitSchema = jitSchemaOf(schema);
  const compiled: Compiled = new WeakMap();
  return {
    async load() {
      return {
        executor: async (request) => {
          // Which operation runs, and with which variables, is graphql-js' execute's own choice (its code,
          // its errors): the operation the client named, or the only one, else "Unknown operation named …"
          // / "Must provide operation name …", which Apollo answers 400 OPERATION_RESOLUTION_FAILURE. Not
          // Apollo's resolved `request.operation`: it is absent exactly then, and reading it was a 500.
          const selected = buildExecutionContext({
            schema,
            document: request.document,
            variableValues: request.request.variables,
            operationName: request.request.operationName,
          });
          if (!('operation' in selected)) return { errors: selected };
          const requestId = (request.context as { requestId?: string } | undefined)?.requestId;
          if (introspects(request.document)) {
            const result = await execute({
              schema,
              document: request.document,
              variableValues: request.request.variables,
              operationName: request.request.operationName,
              contextValue: request.context,
            });
            return asGraphQLResult(result, requestId);
          }
          const { operation, variableValues } = selected;
          const query = compiledFor(compiled, jitSchema, request.document, operation.name?.value ?? null);
          // A document graphql-jit cannot compile answers with its errors, made graphql-js errors like the rest.
          if (!isCompiledQuery(query)) return asGraphQLResult(query, requestId);
          return asGraphQLResult(await query.query(undefined, request.context, variableValues), requestId);
        },
      };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}
