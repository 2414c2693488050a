/** The caller's mistakes as GraphQL errors with `extensions.code = 'BAD_USER_INPUT'` (never a 500). */
import { BadSearchInput } from '../listings/search/sql';
import { GraphQLError } from './graphql-js';

export function badUserInput(message: string, argumentName: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', argumentName } });
}

/** Runs a resolver body, turning the data layer's BadSearchInput into BAD_USER_INPUT. */
export async function withBadInput<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BadSearchInput) throw badUserInput(error.message, error.argumentName);
    throw error;
  }
}
