/**
 * Checks of a GraphQL request that hold for every operation and field by construction, before anything
 * reads it: the document's nesting and token count (a 20,000-deep literal or a 3,000-deep introspection
 * query overflows every recursive reader), and the shared text rule (core/validation/text.ts) for every
 * string the request carries — variables at any depth (JSON scalars included, keys too) and literals in
 * the document — answered 400 / BAD_USER_INPUT naming the field. Variables are walked as all untrusted
 * input is (core/validation/walk.ts): at most so many values and levels, never into an uploaded file; and a
 * file may sit only where the operation's variable types take a File.
 */
import type { Plugin } from 'graphql-yoga';
import { findTextFault, textFaultMessage, textProblem } from '../../../core/validation/text';
import { graphqlNestingWithin, MAX_GRAPHQL_NESTING } from '../../http/nesting';
import { isJsonContainer, isOpaqueObject, walkInput } from '../../../core/validation/walk';
import {
  getNamedType,
  getOperationAST,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValidationRule,
} from '../graphql-js';

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

/** The scalar of uploads (GraphQL multipart request spec). */
const FILE_TYPE = 'File';

/** The path of an uploaded file inside `value` that the input type `type` does not take as a File, or null. */
function fileOutsideFileType(value: unknown, type: GraphQLInputType, path: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    // GraphQL takes a single value for a list too.
    if (!Array.isArray(value)) return fileOutsideFileType(value, nullable.ofType, path);
    for (let i = 0; i < value.length; i++) {
      const found = fileOutsideFileType(value[i], nullable.ofType, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isInputObjectType(nullable) && isJsonContainer(value) && !Array.isArray(value)) {
    for (const [name, field] of Object.entries(nullable.getFields())) {
      const found = fileOutsideFileType(value[name], field.type, `${path}.${name}`);
      if (found) return found;
    }
    return null;
  }
  if (getNamedType(nullable).name === FILE_TYPE) return null;
  // A scalar (JSON above all) or an enum: no file anywhere in it.
  return walkInput(value, path, (item, place) => (isOpaqueObject(item) ? place.path() : undefined)) ?? null;
}

/**
 * Where the request's variables hold an uploaded file that the operation does not take as a File (the
 * multipart `map` can put one anywhere: inside a JSON variable it would be stored as its bytes spelled out in
 * JSON), or null. Unknown operations and types are left to validation.
 */
export function misplacedFile(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Readonly<Record<string, unknown>>): string | null {
  const operation = getOperationAST(document, operationName);
  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const found = fileOutsideFileType(variables[name], type, `variables.${name}`);
    if (found) return found;
  }
  return null;
}

/** Yoga: the request checks before parsing, the parser's token limit, and files only where a File goes. */
export function useRequestChecks(): Plugin {
  return {
    onParams({ params }) {
      const problem = requestProblem(params);
      if (problem) throw problem;
    },
    onParse({ setParseFn }) {
      setParseFn((source, options) => parse(source, { ...options, maxTokens: MAX_TOKENS }));
    },
    onExecute({ args, setResultAndStopExecution }) {
      const path = misplacedFile(args.schema, args.document, args.operationName, args.variableValues ?? {});
      if (path) setResultAndStopExecution({ errors: [badInput(`The field "${path}" holds an uploaded file, but only an argument of type File takes one.`, path)] });
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
