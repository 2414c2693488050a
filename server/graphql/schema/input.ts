/**
 * GraphQL arguments checked at the schema edge with zod, beyond what their GraphQL types say. A failed
 * check is BAD_USER_INPUT naming the argument by its path (`feedInput.city`), with the schema's message;
 * the rules of the domain (a search's bounds, a tour's times) stay in the domain modules.
 */
import { z } from 'zod';
import { badInput } from '../../domain-error';
import { parseListingId } from '../../listings/search/listing';

/** The arguments as `schema` reads them; the first issue is thrown as BAD_USER_INPUT. */
export function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badInput(issue.message, issue.path.join('.'));
}

const LISTING_ID_MESSAGE = 'listingId must be a positive whole number.';

/** A listing id (GraphQL ID: a string of digits), as a number. Not a listing id is the caller's mistake, said clearly. */
export const listingId = z.unknown().transform((value, ctx) => {
  const id = parseListingId(value);
  if (id !== null) return id;
  ctx.addIssue({ code: 'custom', message: LISTING_ID_MESSAGE });
  return z.NEVER;
});

/** `{ listingId }`, the arguments of many fields. */
export const ListingIdArgs = z.object({ listingId });

/** A JSON argument that must be an object (answers, a questionnaire's context). */
export const jsonObject = (message: string) =>
  z.custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), { message });
