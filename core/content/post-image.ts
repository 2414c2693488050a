/**
 * A post's picture as every query asks for it and checks it: the blog's posts and a listing's related posts.
 */
import * as z from 'zod/mini';

export const POST_IMAGE_FIELDS = /* GraphQL */ `
  image {
    url
    srcset
    width
    height
    alt
  }
`;

/** Built inside a lazy schema (z.config jitless is set by the modules that use it). */
export const postImageSchema = () => z.nullable(z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number(), alt: z.string() }));
