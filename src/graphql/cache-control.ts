import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { appendVary, CachePolicy, cacheControlValue, carriesCredentials, VARY_CREDENTIALS, type CacheHint } from '../cache-policy';
import { CACHE_HINTS } from './cache-hints';

/**
 * The Cache-Control of a GraphQL answer, computed as Apollo Server's cache-control plugin does (which is
 * off: it hooks field resolvers, and ours run compiled in the jit gateway, src/graphql/jit.ts) but from
 * the validated document and CACHE_HINTS instead of the resolved fields. Each field selected adds a
 * policy: its return type's hint (object types), its own hint over that, and `maxAge: 0` when it still
 * has none and returns an object type (unless `inheritMaxAge`) or is a root field; a scalar field without
 * a hint adds nothing (it is as cacheable as its parent). The answer's policy is the most restrictive of
 * them (lowest maxAge, PRIVATE over PUBLIC). Statically, every field the document could select counts —
 * a field under a null parent, in an empty list, or behind `@skip` too —, so the answer is never more
 * cacheable than Apollo would make it, sometimes less.
 */

/** Refuses a hint on a type or field the schema does not have (a typo would silently cache nothing). */
export function checkCacheHints(schema: GraphQLSchema, hints: Record<string, CacheHint> = CACHE_HINTS): void {
  for (const key of Object.keys(hints)) {
    const [typeName, fieldName] = key.split('.');
    const type = schema.getType(typeName);
    const ok = type && isCompositeType(type) && (!fieldName || ((isObjectType(type) || isInterfaceType(type)) && type.getFields()[fieldName]));
    if (!ok) throw new Error(`CACHE_HINTS (src/graphql/cache-hints.ts) names ${key}, which the schema does not have`);
  }
}

/** The policy of one operation of a validated document; a mutation or subscription is `maxAge: 0`. */
export function cachePolicyOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  hints: Record<string, CacheHint> = CACHE_HINTS,
): CachePolicy {
  const policy = new CachePolicy();
  const root = schema.getQueryType();
  if (operation.operation !== 'query' || !root) {
    policy.restrict({ maxAge: 0 });
    return policy;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  // A fragment adds the same policy wherever it is spread (at the root or not): each is walked once per kind.
  const fragmentPolicies = new Map<string, CachePolicy>();

  const walk = (parent: GraphQLCompositeType, set: SelectionSetNode, isRoot: boolean, into: CachePolicy): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isCompositeType(type)) walk(type, selection.selectionSet, isRoot, into);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const key = `${selection.name.value}\u0000${isRoot}`;
        let found = fragmentPolicies.get(key);
        const fragment = fragments.get(selection.name.value);
        if (!found && fragment) {
          found = new CachePolicy();
          fragmentPolicies.set(key, found);
          const type = schema.getType(fragment.typeCondition.name.value);
          if (type && isCompositeType(type)) walk(type, fragment.selectionSet, isRoot, found);
        }
        if (found) into.restrict(found);
      } else {
        const name = selection.name.value;
        // Meta fields (__typename, introspection) carry no hint and resolve no data of ours.
        if (name.startsWith('__') || !(isObjectType(parent) || isInterfaceType(parent))) continue;
        const field = parent.getFields()[name];
        if (!field) continue;
        const target = getNamedType(field.type);
        const fieldPolicy = new CachePolicy();
        let inheritMaxAge = false;
        if (isCompositeType(target)) {
          const typeHint = hints[target.name] ?? {};
          fieldPolicy.replace(typeHint);
          inheritMaxAge = !!typeHint.inheritMaxAge;
        }
        const fieldHint = hints[`${parent.name}.${name}`] ?? {};
        if (fieldHint.inheritMaxAge && fieldPolicy.maxAge === undefined) {
          inheritMaxAge = true;
          if (fieldHint.scope) fieldPolicy.replace({ scope: fieldHint.scope });
        } else {
          fieldPolicy.replace(fieldHint);
        }
        if (fieldPolicy.maxAge === undefined && ((isCompositeType(target) && !inheritMaxAge) || isRoot)) fieldPolicy.restrict({ maxAge: 0 });
        into.restrict(fieldPolicy);
        if (selection.selectionSet && isCompositeType(target)) walk(target, selection.selectionSet, false, into);
      }
    }
  };
  walk(root, operation.selectionSet, true, policy);
  return policy;
}

/**
 * The Apollo plugin that sets each answer's Cache-Control: the operation's policy (cachePolicyOf, kept
 * per parsed document and operation) for a query answered without errors, `no-store` for anything else
 * (mutations, errors, unparsable requests). A request that carried Authorization or X-Vendor-Key never
 * gets `public`. Checks CACHE_HINTS against the schema when built.
 */
export function cacheControlPlugin(schema: GraphQLSchema): ApolloServerPlugin<BaseContext> {
  checkCacheHints(schema);
  const computed = new WeakMap<DocumentNode, WeakMap<OperationDefinitionNode, CacheHint>>();
  const policyOf = (document: DocumentNode, operation: OperationDefinitionNode) => {
    let byOperation = computed.get(document);
    if (!byOperation) computed.set(document, (byOperation = new WeakMap()));
    let policy = byOperation.get(operation);
    if (!policy) byOperation.set(operation, (policy = cachePolicyOf(schema, document, operation)));
    return policy;
  };
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, document, operation }) {
          const body = response.body;
          const ok = body.kind === 'single' && !body.singleResult.errors?.length && document && operation;
          const policy = ok ? policyOf(document, operation) : { maxAge: 0 };
          const credentialed = carriesCredentials((name) => request.http?.headers.get(name) ?? undefined);
          response.http.headers.set('cache-control', cacheControlValue(policy, credentialed));
        },
      };
    },
  };
}

/**
 * On the /graphql route: every answer says it varies with the credential headers (its Cache-Control
 * does), after CORS's `Origin`; an answer Apollo did not reach (a bad credential, 401) is `no-store`.
 */
export function installGraphqlCacheHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/graphql') return payload;
    if (!reply.hasHeader('cache-control') || reply.statusCode !== 200) reply.header('cache-control', 'no-store');
    reply.header('vary', appendVary(reply.getHeader('vary'), VARY_CREDENTIALS));
    return payload;
  });
}
