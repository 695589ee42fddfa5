import { GraphQLError, type ASTNode, type ASTVisitor, type ValidationContext } from 'graphql';
import { findBadText, textProblem } from '../bounds';
import { badInput } from '../errors';

/**
 * Text no GraphQL operation may carry, over HTTP or WebSocket: a NUL byte (Postgres `text` cannot hold
 * one) or a lone UTF-16 surrogate (not UTF-8; the driver would store U+FFFD instead). Literals are
 * checked by a validation rule, variables before execution. Each error is BAD_USER_INPUT with HTTP
 * status 400: its original error is a DomainError, which formatGraphQLError (format-error.ts) maps to
 * the catalog's code even where Apollo relabels validation errors GRAPHQL_VALIDATION_FAILED.
 */

function badInputError(message: string, argument: string, nodes?: readonly ASTNode[]): GraphQLError {
  return new GraphQLError(message, {
    nodes,
    originalError: badInput(message, argument),
    extensions: { code: 'BAD_USER_INPUT', argument, http: { status: 400 } },
  });
}

/**
 * Where and why a value (a variables object, one variable, an argument) holds text that cannot be
 * taken, e.g. `input.email contains a NUL byte`; null when every string in it (keys included) is fine.
 */
export function findBadString(value: unknown): string | null {
  const bad = findBadText(value);
  if (!bad) return null;
  return bad.path ? `${bad.path} ${bad.problem}` : `value ${bad.problem}`;
}

/**
 * The error to answer instead of executing, when an operation's variables hold text that cannot be
 * taken (a NUL byte, a lone surrogate); null when they are fine. Call it after parsing and validation,
 * before execution: `const error = checkVariables(variables); if (error) → answer [error]`.
 */
export function checkVariables(variables: Readonly<Record<string, unknown>> | null | undefined): GraphQLError | null {
  const bad = findBadText(variables ?? {});
  if (!bad) return null;
  const variable = bad.path.split('.')[0];
  const message = bad.path ? `Variable "$${bad.path}" ${bad.problem}` : `Variables ${bad.problem}`;
  return badInputError(message, variable ? `$${variable}` : 'variables');
}

/**
 * A graphql-js validation rule: a string literal of the document (an argument, an input field, a
 * variable's default) with a NUL byte (`"\u0000"`) is BAD_USER_INPUT. graphql-js' lexer already
 * rejects lone surrogates in strings (a parse error).
 */
export function inputTextRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      const problem = textProblem(node.value);
      if (problem) context.reportError(badInputError(`String literal ${problem}`, 'literal', [node]));
    },
  };
}
