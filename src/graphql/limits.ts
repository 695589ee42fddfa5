import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLSchema,
  type ParseOptions,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  visit,
} from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { COST_ARGUMENTS, listAwareEstimator, listSizesGeneration } from './cost';

/** The static limits every GraphQL operation passes before it runs, over HTTP and graphql-ws alike. */
export interface OperationLimits {
  maxCost: number;
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxRootMutations: number;
  introspection: boolean;
}

export function limitsOf(config: Config): OperationLimits {
  return {
    maxCost: config.GRAPHQL_MAX_COST,
    maxTokens: config.GRAPHQL_MAX_TOKENS,
    maxDepth: config.GRAPHQL_MAX_DEPTH,
    maxAliases: config.GRAPHQL_MAX_ALIASES,
    maxDirectives: config.GRAPHQL_MAX_DIRECTIVES,
    maxRootMutations: config.GRAPHQL_MAX_ROOT_MUTATIONS,
    introspection: config.GRAPHQL_INTROSPECTION,
  };
}

export type LimitName = 'cost' | 'tokens' | 'depth' | 'aliases' | 'directives' | 'rootMutations';

/**
 * The error of an operation over a limit: `extensions.code` QUERY_TOO_COMPLEX with the limit's name,
 * its maximum and what the operation asked for, HTTP 400. It wraps a DomainError so that Apollo's own
 * wrapping (GRAPHQL_VALIDATION_FAILED) keeps our code through formatError.
 */
export function limitError(limit: LimitName, max: number, actual: number | null, message: string): GraphQLError {
  const details = { limit, max, ...(actual !== null ? { actual } : {}) };
  return new GraphQLError(message, {
    originalError: new DomainError('QUERY_TOO_COMPLEX', message, details),
    extensions: { code: 'QUERY_TOO_COMPLEX', ...details, http: { status: 400 } },
  });
}

/** Parser options: graphql-js stops lexing past `maxTokens`, so a huge document costs little. */
export function parseOptionsOf(limits: OperationLimits): ParseOptions {
  return { maxTokens: limits.maxTokens };
}

/** Reports graphql-armor's rejections as our limit errors instead of its "Syntax Error:" ones. */
function armor(limit: LimitName, max: number) {
  return {
    n: max,
    propagateOnRejection: false,
    exposeLimits: true,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) => {
        const found = /found (\d+)/.exec(error.message);
        const actual = found ? Number(found[1]) : null;
        context?.reportError(limitError(limit, max, actual, error.message.replace(/^Syntax Error: /, '')));
      },
    ],
  };
}

/** At most `max` root fields in a mutation operation (fragments expanded): no 500 createOrders at once. */
export function maxRootMutationsRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const countFields = (set: SelectionSetNode, seen: Set<string>): number =>
      set.selections.reduce((n, sel) => {
        if (sel.kind === Kind.FIELD) return n + (sel.name.value === '__typename' ? 0 : 1);
        if (sel.kind === Kind.INLINE_FRAGMENT) return n + countFields(sel.selectionSet, seen);
        const fragment = seen.has(sel.name.value) ? undefined : context.getFragment(sel.name.value);
        return fragment ? n + countFields(fragment.selectionSet, new Set([...seen, sel.name.value])) : n;
      }, 0);
    return {
      OperationDefinition(node) {
        if (node.operation !== 'mutation') return;
        const fields = countFields(node.selectionSet, new Set());
        if (fields > max) {
          context.reportError(
            limitError('rootMutations', max, fields, `A mutation operation may run at most ${max} root fields; it has ${fields}`),
          );
        }
      },
    };
  };
}

/** The validation rules added to graphql-js' own, for every transport. */
export function limitRules(limits: OperationLimits): ValidationRule[] {
  const rules: ValidationRule[] = [
    maxDepthRule({ ...armor('depth', limits.maxDepth), ignoreIntrospection: true, flattenFragments: true }),
    maxAliasesRule(armor('aliases', limits.maxAliases)),
    maxDirectivesRule(armor('directives', limits.maxDirectives)),
    maxRootMutationsRule(limits.maxRootMutations),
  ];
  if (!limits.introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

/**
 * Estimated costs already computed, by document and (operation name, the values of the variables the
 * estimate can read): Apollo hands every request of the same query text the same parsed document, and
 * the estimate depends on nothing else (the schema and the estimators are fixed), so a repeated
 * operation is not walked again — also when only an order id or a mutation's input differs, as between
 * two holds. `'nodes'`: too many nodes to estimate. Bad variables (no estimate: left to execution) are
 * never remembered, so a bad value of another variable cannot stand in for a later request's estimate.
 */
interface DocumentEstimates {
  /** The variables used in a sizing argument (COST_ARGUMENTS) or in a directive (`@include(if: $x)`). */
  costVariables: string[];
  byKey: Map<string, number | 'nodes'>;
}
const estimates = new WeakMap<DocumentNode, DocumentEstimates>();
const ESTIMATES_PER_DOCUMENT = 200;
/** Longer keys (large variables) are estimated every time: 200 of them per document would hold megabytes. */
const MAX_ESTIMATE_KEY = 2048;

function variablesIn(value: ValueNode, into: Set<string>): void {
  visit(value, {
    Variable(node) {
      into.add(node.name.value);
    },
  });
}

/** The variables of `document` that the estimate reads (see DocumentEstimates). */
export function costVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Field(node) {
      for (const argument of node.arguments ?? []) {
        if (COST_ARGUMENTS.has(argument.name.value)) variablesIn(argument.value, names);
      }
    },
    Directive(node) {
      for (const argument of node.arguments ?? []) variablesIn(argument.value, names);
    },
  });
  return [...names].sort();
}

function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName: string | undefined,
): number | 'nodes' | null {
  let known = estimates.get(document);
  if (!known) {
    known = { costVariables: costVariablesOf(document), byKey: new Map() };
    estimates.set(document, known);
  }
  // Only the variables given: a missing one (its default applies) and an explicit null differ.
  const given = Object.fromEntries(known.costVariables.filter((name) => name in variables).map((name) => [name, variables[name]]));
  const key = `${listSizesGeneration()}\u0000${operationName ?? ''}\u0000${JSON.stringify(given)}`;
  const hit = known.byKey.get(key);
  if (hit !== undefined) return hit;
  let estimate: number | 'nodes' | null;
  try {
    estimate = getComplexity({ schema, query: document, variables, operationName, estimators: [listAwareEstimator] });
  } catch (err) {
    // Bad variables are left to execution to report; too many nodes is over any budget.
    estimate = err instanceof GraphQLError && /maximum allowed number of nodes/.test(err.message) ? 'nodes' : null;
  }
  if (estimate === null || key.length > MAX_ESTIMATE_KEY) return estimate;
  if (known.byKey.size >= ESTIMATES_PER_DOCUMENT) known.byKey.clear();
  known.byKey.set(key, estimate);
  return estimate;
}

/**
 * What an operation takes from its client's cost budget (src/cost-budget.ts): its estimate (remembered
 * from checkCost), at least 1, so that even an operation of scalars only counts.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
): number {
  const cost = estimateCost(schema, document, variables ?? {}, operationName ?? undefined);
  return typeof cost === 'number' ? Math.max(1, cost) : 1;
}

/** The budget an operation takes from: `orders` when it is a mutation of order fields only. */
export function operationBudget(document: DocumentNode, operationName: string | null | undefined, orderFields: ReadonlySet<string>) {
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'mutation') return 'catalog' as const;
  const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && s.name.value !== '__typename');
  const orders = fields.length > 0 && fields.every((s) => s.kind === Kind.FIELD && orderFields.has(s.name.value));
  return orders ? ('orders' as const) : ('catalog' as const);
}

/**
 * The estimated cost of the operation with its variables (list sizes multiply, see cost.ts), or the
 * limit error when it is over the budget. Runs after validation, before execution.
 */
export function checkCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
  limits: OperationLimits,
  /** Told the estimate when there is one (tracing records it on the operation's span). */
  onCost?: (cost: number) => void,
): GraphQLError | null {
  const cost = estimateCost(schema, document, variables ?? {}, operationName ?? undefined);
  if (cost === null) return null;
  if (onCost && cost !== 'nodes') onCost(cost);
  if (cost === 'nodes') {
    return limitError('cost', limits.maxCost, null, 'The operation has too many fields to estimate its cost');
  }
  if (cost <= limits.maxCost) return null;
  return limitError(
    'cost',
    limits.maxCost,
    cost,
    `The operation's estimated cost is ${cost}; the limit is ${limits.maxCost} (list sizes multiply: ask for smaller pages or fewer nested lists)`,
  );
}
