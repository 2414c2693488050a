/**
 * Checks of a GraphQL request that hold for every operation and field by construction, before anything
 * reads it: the document's nesting and token count (a 20,000-deep literal or a 3,000-deep introspection
 * query overflows every recursive reader), and the shared text rule (core/validation/text.ts) for every
 * string the request carries — variables at any depth (JSON scalars included, keys too) and literals in
 * the document — answered 400 / BAD_USER_INPUT naming the field.
 */
import type { Plugin } from 'graphql-yoga';
import { findTextFault, textFaultMessage, textProblem } from '../../../core/validation/text';
import { graphqlNestingWithin, MAX_GRAPHQL_NESTING } from '../../http/nesting';
import { GraphQLError, parse, type ValidationRule } from '../graphql-js';

/** The largest document of our clients has ~1,500 tokens; GraphiQL's introspection query ~800. */
export const MAX_TOKENS = 10_000;

export const badInput = (message: string, field: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } } });

/** The request's problem, or null: the query's nesting, then every string of the variables. */
export function requestProblem(params: { query?: unknown; variables?: unknown; operationName?: unknown }): GraphQLError | null {
  if (typeof params.query === 'string' && !graphqlNestingWithin(params.query)) {
    return new GraphQLError(`The query nests braces, brackets and parentheses more than ${MAX_GRAPHQL_NESTING} levels deep.`, {
      extensions: { code: 'QUERY_TOO_DEEP', http: { status: 400 } },
    });
  }
  const fault = findTextFault(params.variables, 'variables') ?? findTextFault(params.operationName, 'operationName');
  return fault ? badInput(textFaultMessage(fault), fault.path) : null;
}

/** Yoga: the request checks before parsing, and the parser's token limit. */
export function useRequestChecks(): Plugin {
  return {
    onParams({ params }) {
      const problem = requestProblem(params);
      if (problem) throw problem;
    },
    onParse({ setParseFn }) {
      setParseFn((source, options) => parse(source, { ...options, maxTokens: MAX_TOKENS }));
    },
  };
}

/** Every string literal of the document passes the shared text rule; the error names its argument. */
export const literalTextRule: ValidationRule = (context) => {
  // Arguments and input fields around the literal being visited.
  const names: string[] = [];
  const enter = (node: { name: { value: string } }) => void names.push(node.name.value);
  const leave = () => void names.pop();
  return {
    Argument: { enter, leave },
    ObjectField: { enter, leave },
    StringValue(node) {
      const problem = textProblem(node.value);
      if (!problem) return;
      const field = names.join('.') || 'query';
      context.reportError(
        new GraphQLError(`The field "${field}" ${problem}.`, {
          nodes: [node],
          extensions: { code: 'BAD_USER_INPUT', field },
        }),
      );
    },
  };
};
