/**
 * The rules of a blog post both sides apply (spec §3 Blog post, the blog contract): the slug and video code
 * patterns and the length limits. No DOM and no zod, so the server can import it and the editor form checks
 * exactly what createPost/updatePost will refuse.
 */

/** Lower-case words of letters and digits joined by single hyphens: `first-time-buyer-guide`. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A YouTube video id, shown in a frame of https://www.youtube-nocookie.com/embed/{videoCode}. */
export const VIDEO_CODE_PATTERN = /^[A-Za-z0-9_-]{11}$/;
/** Where a post's video plays: YouTube's privacy-enhanced (no cookies until played) host. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The same numbers as server/content/posts.ts (TITLE_MAX, …), which refuses what exceeds them. */
export const POST_LIMITS = {
  slug: 80,
  title: 160,
  subtitle: 300,
  metaDescription: 300,
  markdown: 100_000,
  highlights: 10,
  highlight: 300,
  imageUrl: 500,
  tags: 8,
} as const;

/** Public page sizes of allPosts and postsByTag. */
export const POST_PAGE_SIZE = { default: 12, min: 1, max: 50 } as const;

export const isPostSlug = (value: string) => value.length <= POST_LIMITS.slug && POST_SLUG_PATTERN.test(value);
export const isVideoCode = (value: string) => VIDEO_CODE_PATTERN.test(value);

/** The frame address of a video code (which must be checked with isVideoCode first). */
export const videoEmbedUrl = (videoCode: string) => `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoCode)}`;
