/**
 * The resource centre's posts and tags (spec §3 Blog post, Tag; §7 allPosts, postInfo, allTags, postsByTag,
 * listing relatedPosts; issue 18). Visitors read published posts only: a publish date that has come and no
 * unpublishing (PUBLISHED_POST). A post without a publish date is a draft, one with a future date is
 * scheduled and hidden from every public read, feed and page until then. Editors (users.is_editor, and
 * superusers) read and write every post; anyone else is refused (requireEditor).
 */
import { z } from 'zod';
import { isPostSlug, POST_LIMITS, POST_PAGE_SIZE, POST_SLUG_PATTERN, VIDEO_CODE_PATTERN } from '../../core/content/post-rules';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import type { UserRecord } from '../accounts/users';
import { Batcher } from '../listings/search/batch';
import { renderMarkdown, readingMinutes } from './markdown';

// ---------------------------------------------------------------------------------------------------
// Records

export interface TagRecord {
  id: number;
  slug: string;
  title: string;
  subtitle: string | null;
  /** Published posts with this tag. */
  postCount: number;
}

export interface PostImageRecord {
  id: number;
  /** Storage key without width and extension: the sizes are `/media/<baseKey>-<width>.webp`. */
  baseKey: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
}

export type PostStatus = 'DRAFT' | 'SCHEDULED' | 'PUBLISHED' | 'UNPUBLISHED';

export interface PostRecord {
  id: number;
  slug: string;
  title: string;
  subtitle: string | null;
  markdown: string;
  /** Sanitised HTML, site-relative URLs (markdown.ts bodyOnOrigin makes them absolute). */
  body: string;
  highlights: string[];
  metaDescription: string | null;
  publishDate: Date | null;
  unpublishedAt: Date | null;
  dateModified: Date;
  image: PostImageRecord | null;
  videoCode: string | null;
  readingMinutes: number;
  tags: TagRecord[];
  status: PostStatus;
}

export interface PostPage<T> {
  posts: T[];
  page: number;
  numPages: number;
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Rules

export const SLUG_PATTERN = POST_SLUG_PATTERN;
export const SLUG_MAX = POST_LIMITS.slug;
export const PAGE_SIZE_MAX = POST_PAGE_SIZE.max;
export const DEFAULT_PAGE_SIZE = POST_PAGE_SIZE.default;
export const DEFAULT_EDITOR_PAGE_SIZE = 20;
export const TITLE_MAX = POST_LIMITS.title;
export const SUBTITLE_MAX = POST_LIMITS.subtitle;
export const META_DESCRIPTION_MAX = POST_LIMITS.metaDescription;
export const MARKDOWN_MAX = POST_LIMITS.markdown;
export const HIGHLIGHTS_MAX = POST_LIMITS.highlights;
export const HIGHLIGHT_MAX = POST_LIMITS.highlight;
export const TAGS_PER_POST_MAX = POST_LIMITS.tags;
/** allTags answers at most this many. */
export const ALL_TAGS_MAX = 100;
/** Listing.relatedPosts. */
export const RELATED_POSTS_LIMIT = 3;
/** The Atom feed. */
export const FEED_SIZE = 20;

/** Readable by visitors: published, its date come, not unpublished. `p` is the posts alias. */
export const PUBLISHED_POST = 'p.publish_date IS NOT NULL AND p.publish_date <= now() AND p.unpublished_at IS NULL';

export function postStatus(publishDate: Date | null, unpublishedAt: Date | null, now = new Date()): PostStatus {
  if (unpublishedAt) return 'UNPUBLISHED';
  if (!publishDate) return 'DRAFT';
  return publishDate.getTime() > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

const SLUG_MESSAGE = `A slug is lower-case letters and digits in words joined by single hyphens (e.g. first-home-checklist), at most ${SLUG_MAX} characters.`;

export const slugSchema = z.string().max(SLUG_MAX, SLUG_MESSAGE).regex(SLUG_PATTERN, SLUG_MESSAGE);

/** Whether `slug` could name a post or a tag (pages and feeds check route segments with it). */
export const isSlug = isPostSlug;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** PostInput (contract): what an editor sends to create or update a post. */
export const PostInputSchema = z.object({
  slug: slugSchema,
  title: z.string().trim().min(1, 'Please give the post a title.').max(TITLE_MAX, `The title must be at most ${TITLE_MAX} characters.`),
  subtitle: optionalText(SUBTITLE_MAX, 'The subtitle'),
  markdown: z.string().max(MARKDOWN_MAX, `The post must be at most ${MARKDOWN_MAX} characters.`).refine((m) => m.trim().length > 0, 'Please write the post.'),
  highlights: z
    .array(z.string().trim().max(HIGHLIGHT_MAX, `A highlight must be at most ${HIGHLIGHT_MAX} characters.`))
    .max(HIGHLIGHTS_MAX, `At most ${HIGHLIGHTS_MAX} highlights.`)
    .nullish()
    .transform((list) => (list ?? []).filter(Boolean)),
  metaDescription: optionalText(META_DESCRIPTION_MAX, 'The meta description'),
  publishDate: z
    .iso.datetime({ offset: true, message: 'publishDate must be an ISO 8601 date and time with its offset, e.g. 2026-11-26T09:00:00Z.' })
    .nullish()
    .transform((value) => (value ? new Date(value) : null)),
  imageUrl: z.string().trim().max(POST_LIMITS.imageUrl, 'imageUrl is too long.').nullish().transform((value) => (value ? value : null)),
  videoCode: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.string().regex(VIDEO_CODE_PATTERN, 'videoCode must be a YouTube video id: 11 letters, digits, - or _.').nullable()),
  tagSlugs: z
    .array(slugSchema)
    .max(TAGS_PER_POST_MAX, `At most ${TAGS_PER_POST_MAX} tags.`)
    .nullish()
    .transform((list) => [...new Set(list ?? [])]),
});
export type PostInput = z.output<typeof PostInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Editors

/** Editors (users.is_editor) and superusers; the flag is read fresh, so revoking it works at once. */
export async function isEditor(db: Queryable, user: UserRecord): Promise<boolean> {
  if (user.isSuperuser) return true;
  const { rows } = await db.query<{ is_editor: boolean }>('SELECT is_editor FROM users WHERE id = $1', [user.id]);
  return rows[0]?.is_editor === true;
}

/** Anyone but an editor is FORBIDDEN. */
export async function requireEditor(db: Queryable, user: UserRecord): Promise<void> {
  if (!(await isEditor(db, user))) throw new DomainError('FORBIDDEN', 'Only editors of the resource centre can do this.');
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** The columns stored as the record holds them, then the others. */
interface PostRow extends Pick<PostRecord, 'id' | 'slug' | 'title' | 'subtitle' | 'markdown' | 'body' | 'highlights'> {
  meta_description: string | null;
  publish_date: Date | null;
  unpublished_at: Date | null;
  updated_at: Date;
  video_code: string | null;
  reading_minutes: number;
  image_id: number | null;
  image_base_key: string | null;
  image_widths: number[] | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
}

const POST_COLUMNS = `p.id, p.slug, p.title, p.subtitle, p.markdown, p.body, p.highlights, p.meta_description, p.publish_date,
  p.unpublished_at, p.updated_at, p.video_code, p.reading_minutes, p.image_id, i.base_key AS image_base_key,
  i.widths AS image_widths, i.width AS image_width, i.height AS image_height, i.alt AS image_alt`;

const POSTS_FROM = 'FROM posts p LEFT JOIN post_images i ON i.id = p.image_id';

interface TagRow {
  id: number;
  slug: string;
  title: string;
  subtitle: string | null;
  post_count: number | string;
}

const toTag = (r: TagRow): TagRecord => ({ id: Number(r.id), slug: r.slug, title: r.title, subtitle: r.subtitle, postCount: Number(r.post_count) });

const TAG_POST_COUNT = `(SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = t.id AND ${PUBLISHED_POST})`;

/** The tags of each post, by title. */
async function tagsOfPosts(db: Queryable, postIds: number[]): Promise<Map<number, TagRecord[]>> {
  const byPost = new Map<number, TagRecord[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const { rows } = await db.query<TagRow & { post_id: number }>(
    `SELECT pt.post_id, t.id, t.slug, t.title, t.subtitle, ${TAG_POST_COUNT} AS post_count
       FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
      WHERE pt.post_id = ANY($1::int8[])
      ORDER BY t.title, t.id`,
    [postIds],
  );
  for (const r of rows) byPost.get(Number(r.post_id))?.push(toTag(r));
  return byPost;
}

async function toPosts(db: Queryable, rows: PostRow[]): Promise<PostRecord[]> {
  const tags = await tagsOfPosts(db, rows.map((r) => Number(r.id)));
  const now = new Date();
  return rows.map((r) => ({
    id: Number(r.id),
    slug: r.slug,
    title: r.title,
    subtitle: r.subtitle,
    markdown: r.markdown,
    body: r.body,
    highlights: r.highlights,
    metaDescription: r.meta_description,
    publishDate: r.publish_date,
    unpublishedAt: r.unpublished_at,
    dateModified: r.updated_at,
    image:
      r.image_id !== null && r.image_base_key
        ? { id: Number(r.image_id), baseKey: r.image_base_key, widths: r.image_widths ?? [], width: r.image_width!, height: r.image_height!, alt: r.image_alt ?? '' }
        : null,
    videoCode: r.video_code,
    readingMinutes: r.reading_minutes,
    tags: tags.get(Number(r.id)) ?? [],
    status: postStatus(r.publish_date, r.unpublished_at, now),
  }));
}

/** Checks page and pageSize (BAD_USER_INPUT naming them). */
export function checkPaging(page: number, pageSize: number): void {
  if (!Number.isInteger(page) || page < 1) throw badInput('page must be 1 or more.', 'page');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_SIZE_MAX) {
    throw badInput(`pageSize must be between 1 and ${PAGE_SIZE_MAX}.`, 'pageSize');
  }
}

function pageOf<T>(posts: T[], total: number, page: number, pageSize: number): PostPage<T> {
  const numPages = Math.max(1, Math.ceil(total / pageSize));
  return { posts, page, numPages, total, hasNext: page < numPages, hasPrev: page > 1 };
}

/** allPosts / postsByTag: published posts, newest first; a page past the end is empty. */
export async function publishedPosts(db: Queryable, page: number, pageSize: number, tagId: number | null = null): Promise<PostPage<PostRecord>> {
  checkPaging(page, pageSize);
  const tagFilter = tagId === null ? '' : 'AND EXISTS (SELECT 1 FROM post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = $3)';
  const params: unknown[] = [pageSize, (page - 1) * pageSize, ...(tagId === null ? [] : [tagId])];
  const [{ rows }, count] = await Promise.all([
    db.query<PostRow>(
      `SELECT ${POST_COLUMNS} ${POSTS_FROM} WHERE ${PUBLISHED_POST} ${tagFilter} ORDER BY p.publish_date DESC, p.id DESC LIMIT $1 OFFSET $2`,
      params,
    ),
    db.query<{ total: number | string }>(
      `SELECT count(*) AS total FROM posts p WHERE ${PUBLISHED_POST} ${tagFilter.replace('$3', '$1')}`,
      tagId === null ? [] : [tagId],
    ),
  ]);
  return pageOf(await toPosts(db, rows), Number(count.rows[0]?.total ?? 0), page, pageSize);
}

/** postInfo: null when unknown, a draft, scheduled or unpublished. */
export async function publishedPostBySlug(db: Queryable, slug: string): Promise<PostRecord | null> {
  if (!isSlug(slug)) return null;
  const { rows } = await db.query<PostRow>(`SELECT ${POST_COLUMNS} ${POSTS_FROM} WHERE p.slug = $1 AND ${PUBLISHED_POST}`, [slug]);
  return (await toPosts(db, rows))[0] ?? null;
}

/** allTags: the tags with at least one published post, by title. */
export async function publishedTags(db: Queryable): Promise<TagRecord[]> {
  const { rows } = await db.query<TagRow>(
    `SELECT * FROM (SELECT t.id, t.slug, t.title, t.subtitle, ${TAG_POST_COUNT} AS post_count FROM tags t) t
      WHERE t.post_count > 0 ORDER BY t.title, t.id LIMIT ${ALL_TAGS_MAX}`,
  );
  return rows.map(toTag);
}

/** A tag by slug (with its published post count); null when there is none. */
export async function findTag(db: Queryable, slug: string): Promise<TagRecord | null> {
  if (!isSlug(slug)) return null;
  const { rows } = await db.query<TagRow>(`SELECT t.id, t.slug, t.title, t.subtitle, ${TAG_POST_COUNT} AS post_count FROM tags t WHERE t.slug = $1`, [slug]);
  return rows[0] ? toTag(rows[0]) : null;
}

/** postsByTag: NOT_FOUND for a tag that does not exist. */
export async function publishedPostsByTag(db: Queryable, slug: string, page: number, pageSize: number): Promise<PostPage<PostRecord> & { tag: TagRecord }> {
  const tag = await findTag(db, slug);
  if (!tag) throw new DomainError('NOT_FOUND', 'Tag not found.', 'slug');
  return { ...(await publishedPosts(db, page, pageSize, tag.id)), tag };
}

/** The newest published posts (the feed). */
export async function newestPosts(db: Queryable, limit: number): Promise<PostRecord[]> {
  const { rows } = await db.query<PostRow>(
    `SELECT ${POST_COLUMNS} ${POSTS_FROM} WHERE ${PUBLISHED_POST} ORDER BY p.publish_date DESC, p.id DESC LIMIT $1`,
    [limit],
  );
  return toPosts(db, rows);
}

/** Slugs of every published post and of every tag with one (the sitemap). */
export async function publishedSlugs(db: Queryable): Promise<{ posts: string[]; tags: string[] }> {
  const [posts, tags] = await Promise.all([
    db.query<{ slug: string }>(`SELECT p.slug FROM posts p WHERE ${PUBLISHED_POST} ORDER BY p.publish_date DESC, p.id DESC`),
    db.query<{ slug: string }>(
      `SELECT DISTINCT t.slug FROM tags t JOIN post_tags pt ON pt.tag_id = t.id JOIN posts p ON p.id = pt.post_id WHERE ${PUBLISHED_POST} ORDER BY t.slug`,
    ),
  ]);
  return { posts: posts.rows.map((r) => r.slug), tags: tags.rows.map((r) => r.slug) };
}

// ---------------------------------------------------------------------------------------------------
// Related posts of listings

/** Which tags suit a listing of each classification (spec §3 classification: sale, rent, stay). */
export const RELATED_TAGS: Readonly<Record<string, readonly string[]>> = {
  sale: ['buying', 'mortgage', 'market'],
  rent: ['renting'],
  stay: ['stays'],
};

export interface RelatedPostsOf {
  classification: string;
  /** Posts the listing's feed names (ids or slugs), shown first when published. */
  relatedPostIds: readonly string[];
}

/**
 * Up to RELATED_POSTS_LIMIT published posts per listing, for many listings in two queries: the posts the
 * feed names, then the newest posts tagged for the listing's classification (RELATED_TAGS).
 */
export async function relatedPostsOf(db: Queryable, listings: readonly RelatedPostsOf[]): Promise<PostRecord[][]> {
  const named = [...new Set(listings.flatMap((l) => l.relatedPostIds))].slice(0, 500);
  const classifications = [...new Set(listings.map((l) => l.classification))].filter((c) => RELATED_TAGS[c]);
  const [namedRows, topicRows] = await Promise.all([
    named.length
      ? db.query<PostRow>(
          `SELECT ${POST_COLUMNS} ${POSTS_FROM} WHERE ${PUBLISHED_POST} AND (p.slug = ANY($1::text[]) OR p.id::text = ANY($1::text[]))`,
          [named],
        )
      : Promise.resolve({ rows: [] as PostRow[] }),
    classifications.length
      ? db.query<PostRow & { classification: string }>(
          `SELECT c.classification, s.* FROM unnest($1::text[], $2::text[]) AS c(classification, tag_slugs)
           CROSS JOIN LATERAL (
             SELECT ${POST_COLUMNS} ${POSTS_FROM}
              WHERE ${PUBLISHED_POST} AND EXISTS (
                SELECT 1 FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id AND t.slug = ANY(string_to_array(c.tag_slugs, ',')))
              ORDER BY p.publish_date DESC, p.id DESC LIMIT ${RELATED_POSTS_LIMIT}) AS s`,
          [classifications, classifications.map((c) => RELATED_TAGS[c]!.join(','))],
        )
      : Promise.resolve({ rows: [] as (PostRow & { classification: string })[] }),
  ]);
  const posts = await toPosts(db, [...namedRows.rows, ...topicRows.rows]);
  const byKey = new Map<string, PostRecord>();
  posts.slice(0, namedRows.rows.length).forEach((p) => {
    byKey.set(p.slug, p);
    byKey.set(String(p.id), p);
  });
  const byClassification = new Map<string, PostRecord[]>();
  topicRows.rows.forEach((r, i) => {
    const list = byClassification.get(r.classification) ?? [];
    list.push(posts[namedRows.rows.length + i]!);
    byClassification.set(r.classification, list);
  });
  return listings.map((l) => {
    const chosen: PostRecord[] = [];
    for (const p of [...l.relatedPostIds.map((key) => byKey.get(key)), ...(byClassification.get(l.classification) ?? [])]) {
      if (p && !chosen.some((c) => c.id === p.id)) chosen.push(p);
      if (chosen.length === RELATED_POSTS_LIMIT) break;
    }
    return chosen;
  });
}

// ---------------------------------------------------------------------------------------------------
// Editors: reading and writing

/** editorPosts: every post, newest modified first. */
export async function editorPosts(db: Queryable, page: number, pageSize: number): Promise<PostPage<PostRecord>> {
  checkPaging(page, pageSize);
  const [{ rows }, count] = await Promise.all([
    db.query<PostRow>(`SELECT ${POST_COLUMNS} ${POSTS_FROM} ORDER BY p.updated_at DESC, p.id DESC LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]),
    db.query<{ total: number | string }>('SELECT count(*) AS total FROM posts'),
  ]);
  return pageOf(await toPosts(db, rows), Number(count.rows[0]?.total ?? 0), page, pageSize);
}

export async function findPost(db: Queryable, id: number): Promise<PostRecord | null> {
  const { rows } = await db.query<PostRow>(`SELECT ${POST_COLUMNS} ${POSTS_FROM} WHERE p.id = $1`, [id]);
  return (await toPosts(db, rows))[0] ?? null;
}

const POST_IMAGE_PATH = /^\/media\/(posts\/[a-z0-9][a-z0-9/_-]*)-(\d{2,5})\.webp$/;

/** The stored image an imageUrl names: one of its sizes, as a path or absolute on our origin. Else BAD_USER_INPUT. */
async function imageIdOf(db: Queryable, imageUrl: string | null, publicOrigin: string): Promise<number | null> {
  if (imageUrl === null) return null;
  const path = imageUrl.startsWith(`${publicOrigin}/`) ? imageUrl.slice(publicOrigin.length) : imageUrl;
  const match = POST_IMAGE_PATH.exec(path);
  const { rows } = match
    ? await db.query<{ id: number }>('SELECT id FROM post_images WHERE base_key = $1 AND $2 = ANY(widths)', [match[1], Number(match[2])])
    : { rows: [] };
  if (!rows[0]) throw badInput('imageUrl must be the address of a post image stored on this site (/media/posts/…).', 'imageUrl');
  return Number(rows[0].id);
}

/** Title of a tag an editor names by a new slug: 'first-time-buyers' → 'First time buyers'. */
const titleOfSlug = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');

/** The post's tags become exactly `slugs` (tags that do not exist yet are created). */
async function setTags(tx: Queryable, postId: number, slugs: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM post_tags WHERE post_id = $1', [postId]);
  if (slugs.length === 0) return;
  await tx.query(
    'INSERT INTO tags (slug, title) SELECT s.slug, s.title FROM unnest($1::text[], $2::text[]) AS s(slug, title) ON CONFLICT (slug) DO NOTHING',
    [slugs, slugs.map(titleOfSlug)],
  );
  await tx.query(`INSERT INTO post_tags (post_id, tag_id) SELECT $1, t.id FROM tags t WHERE t.slug = ANY($2::text[]) ON CONFLICT DO NOTHING`, [postId, slugs]);
}

const SLUG_TAKEN = 'Another post already has this slug.';

async function checkSlugFree(db: Queryable, slug: string, exceptId: number | null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM posts WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, exceptId]);
  if (rows.length) throw badInput(SLUG_TAKEN, 'slug');
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export interface WriteContext {
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable;
  user: UserRecord;
  publicOrigin: string;
}

/** createPost: an editor's new post (draft, scheduled or published by its publishDate). */
export async function createPost({ db, user, publicOrigin }: WriteContext, input: PostInput): Promise<PostRecord> {
  await requireEditor(db, user);
  await checkSlugFree(db, input.slug, null);
  const imageId = await imageIdOf(db, input.imageUrl, publicOrigin);
  const body = renderMarkdown(input.markdown);
  try {
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO posts (slug, title, subtitle, markdown, body, highlights, meta_description, publish_date, image_id, video_code,
                            reading_minutes, author_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [input.slug, input.title, input.subtitle, input.markdown, body, input.highlights, input.metaDescription, input.publishDate, imageId,
          input.videoCode, readingMinutes(body), user.id],
      );
      const postId = Number(rows[0]!.id);
      await setTags(tx, postId, input.tagSlugs);
      return postId;
    });
    return (await findPost(db, id))!;
  } catch (error) {
    // Two editors taking one slug at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw badInput(SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** updatePost: every field is replaced; a publishDate publishes an unpublished post again. */
export async function updatePost({ db, user, publicOrigin }: WriteContext, id: number, input: PostInput): Promise<PostRecord> {
  await requireEditor(db, user);
  if (!(await findPost(db, id))) throw new DomainError('NOT_FOUND', 'Post not found.');
  await checkSlugFree(db, input.slug, id);
  const imageId = await imageIdOf(db, input.imageUrl, publicOrigin);
  const body = renderMarkdown(input.markdown);
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE posts SET slug = $2, title = $3, subtitle = $4, markdown = $5, body = $6, highlights = $7, meta_description = $8,
                publish_date = $9, unpublished_at = CASE WHEN $9::timestamptz IS NULL THEN unpublished_at END, image_id = $10,
                video_code = $11, reading_minutes = $12, updated_at = now()
          WHERE id = $1`,
        [id, input.slug, input.title, input.subtitle, input.markdown, body, input.highlights, input.metaDescription, input.publishDate,
          imageId, input.videoCode, readingMinutes(body)],
      );
      await setTags(tx, id, input.tagSlugs);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badInput(SLUG_TAKEN, 'slug');
    throw error;
  }
  return (await findPost(db, id))!;
}

/** unpublishPost: hidden from every public read at once. */
export async function unpublishPost(db: Queryable, user: UserRecord, id: number): Promise<PostRecord> {
  await requireEditor(db, user);
  const { rows } = await db.query('UPDATE posts SET unpublished_at = now(), updated_at = now() WHERE id = $1 RETURNING id', [id]);
  if (!rows.length) throw new DomainError('NOT_FOUND', 'Post not found.');
  return (await findPost(db, id))!;
}

/** postPreview: the sanitised HTML a post of this Markdown would show. */
export async function previewPost(db: Queryable, user: UserRecord, markdown: string): Promise<string> {
  await requireEditor(db, user);
  if (markdown.length > MARKDOWN_MAX) throw badInput(`The post must be at most ${MARKDOWN_MAX} characters.`, 'markdown');
  return renderMarkdown(markdown);
}

const relatedLoaders = new WeakMap<object, Batcher<RelatedPostsOf, PostRecord[]>>();

/** Listing.relatedPosts of one request (keyed by its context object): a page of listings asks once. */
export function relatedPostsLoader(context: object, db: Queryable): Batcher<RelatedPostsOf, PostRecord[]> {
  let loader = relatedLoaders.get(context);
  if (!loader) {
    loader = new Batcher((listings) => relatedPostsOf(db, listings));
    relatedLoaders.set(context, loader);
  }
  return loader;
}
