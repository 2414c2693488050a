/**
 * The resource centre over GraphQL (server/graphql/schema/content.ts, posts.ts): who may write, what
 * visitors see (published only: drafts, scheduled and unpublished posts stay hidden), slugs, paging, tags,
 * related posts of listings and post images.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs, namedOp } from '../testing/graphql';
import { SEED_POSTS } from './seed-posts';

let server: RunningServer;
let editor: SignedUp;
let superuser: SignedUp;
let buyer: SignedUp;
let seller: SignedUp;

let uploadDir: string;

beforeAll(async () => {
  // Uploads of this file go to a folder of its own (as server/accounts/graphql.test.ts does).
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-posts-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer();
  [editor, superuser, buyer, seller] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET is_editor = true WHERE id = $1', [editor.user.id]);
  await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [superuser.user.id]);
  await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = (SELECT min(id) FROM listings)', [seller.user.id]);
});
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

let slugCounter = 0;
const freshSlug = (prefix = 'post') => `${prefix}-${process.pid}-${++slugCounter}`;

const EDITOR_FIELDS = 'id slug title subtitle markdown body highlights metaDescription publishDate dateModified imageUrl videoCode tagSlugs status';
const POST_FIELDS = 'id slug title subtitle body highlights metaDescription publishDate dateModified image { url srcset width height alt } videoCode tags { slug title postCount } url readingMinutes';

const CREATE = `mutation ($input: PostInput!) { createPost(input: $input) { ${EDITOR_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: PostInput!) { updatePost(id: $id, input: $input) { ${EDITOR_FIELDS} } }`;
const UNPUBLISH = `mutation ($id: ID!) { unpublishPost(id: $id) { ${EDITOR_FIELDS} } }`;
const POST_INFO = `query ($slug: String!) { postInfo(slug: $slug) { ${POST_FIELDS} } }`;
const ALL_POSTS = `query ($page: Int, $pageSize: Int) { allPosts(page: $page, pageSize: $pageSize) { page numPages total hasNext hasPrev posts { slug publishDate } } }`;
const BY_TAG = `query ($slug: String!, $page: Int, $pageSize: Int) { postsByTag(slug: $slug, page: $page, pageSize: $pageSize) { page numPages total hasNext hasPrev posts { slug tags { slug } } } }`;

const input = (overrides: Record<string, unknown> = {}) => ({
  slug: freshSlug(),
  title: 'Moving checklist',
  subtitle: 'Everything for moving day',
  markdown: 'Pack **early**.\n\n- Boxes\n- Tape',
  highlights: ['Start two weeks ahead'],
  metaDescription: 'A moving-day checklist.',
  publishDate: new Date(Date.now() - 60_000).toISOString(),
  tagSlugs: ['buying'],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, who: SignedUp = editor) {
  const result = await graphqlAs(server, who, CREATE, { input: input(overrides) });
  expect(result.errors).toBeUndefined();
  return result.data!.createPost as { id: string; slug: string; status: string; publishDate: string | null; tagSlugs: string[]; body: string };
}

const visitor = (query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, null, query, variables, 'public_graphql');

/** Every slug of every page of allPosts. */
async function allPublicSlugs(): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const result = await visitor(ALL_POSTS, { page, pageSize: 50 });
    const answer = result.data!.allPosts;
    slugs.push(...answer.posts.map((p: { slug: string }) => p.slug));
    if (!answer.hasNext) return slugs;
  }
}

// ---------------------------------------------------------------------------------------------------

describe('who may write', () => {
  const editorOnly: [string, string, () => Record<string, unknown>][] = [
    ['editorPosts', '{ editorPosts { total posts { id } } }', () => ({})],
    ['editorPost', 'query ($id: ID!) { editorPost(id: $id) { id } }', () => ({ id: '1' })],
    ['postPreview', 'query ($m: String!) { postPreview(markdown: $m) }', () => ({ m: '# Hi' })],
    ['createPost', CREATE, () => ({ input: input() })],
    ['updatePost', UPDATE, () => ({ id: '1', input: input() })],
    ['unpublishPost', UNPUBLISH, () => ({ id: '1' })],
  ];

  it.each(editorOnly)('%s is refused to visitors (UNAUTHENTICATED), buyers and sellers (FORBIDDEN)', async (_name, query, variables) => {
    expect(codeOf(await graphqlAs(server, null, query, variables()))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, null, query, variables(), 'public_graphql'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, buyer, query, variables()))).toBe('FORBIDDEN');
    expect(codeOf(await graphqlAs(server, seller, query, variables()))).toBe('FORBIDDEN');
  });

  it('nothing is written by a refused createPost', async () => {
    const slug = freshSlug('refused');
    await graphqlAs(server, buyer, CREATE, { input: input({ slug }) });
    const { rows } = await server.db.query('SELECT 1 FROM posts WHERE slug = $1', [slug]);
    expect(rows).toHaveLength(0);
  });

  it('editors and superusers may create, read, preview and update', async () => {
    for (const who of [editor, superuser]) {
      const post = await create({}, who);
      expect(post.status).toBe('PUBLISHED');
      const read = await graphqlAs(server, who, 'query ($id: ID!) { editorPost(id: $id) { slug status } }', { id: post.id });
      expect(read.data!.editorPost).toEqual({ slug: post.slug, status: 'PUBLISHED' });
      const preview = await graphqlAs(server, who, 'query ($m: String!) { postPreview(markdown: $m) }', { m: '## Hi <script>x()</script>' });
      expect(preview.data!.postPreview).toBe('<h2>Hi </h2>');
      const updated = await graphqlAs(server, who, UPDATE, { id: post.id, input: input({ slug: post.slug, title: 'Renamed' }) });
      expect(updated.data!.updatePost.title).toBe('Renamed');
    }
  });

  it('revoking the editor flag takes effect at once', async () => {
    const former = await signUp(server);
    await server.db.query('UPDATE users SET is_editor = true WHERE id = $1', [former.user.id]);
    expect((await graphqlAs(server, former, '{ editorPosts { total } }')).errors).toBeUndefined();
    await server.db.query('UPDATE users SET is_editor = false WHERE id = $1', [former.user.id]);
    expect(codeOf(await graphqlAs(server, former, '{ editorPosts { total } }'))).toBe('FORBIDDEN');
  });

  it('editorPost of an id that does not exist is null, and a malformed id is NOT_FOUND', async () => {
    expect((await graphqlAs(server, editor, 'query ($id: ID!) { editorPost(id: $id) { id } }', { id: '999999999' })).data!.editorPost).toBeNull();
    expect(codeOf(await graphqlAs(server, editor, 'query ($id: ID!) { editorPost(id: $id) { id } }', { id: "1' OR 1=1" }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, editor, UNPUBLISH, { id: '999999999' }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, editor, UPDATE, { id: '999999999', input: input() }))).toBe('NOT_FOUND');
  });
});

describe('what visitors see', () => {
  it('a post without a publish date is a draft: hidden everywhere', async () => {
    const draft = await create({ publishDate: null, tagSlugs: ['buying'] });
    expect(draft.status).toBe('DRAFT');
    expect(draft.publishDate).toBeNull();
    expect((await visitor(POST_INFO, { slug: draft.slug })).data!.postInfo).toBeNull();
    expect(await allPublicSlugs()).not.toContain(draft.slug);
  });

  it('a scheduled post is hidden from allPosts, postInfo, postsByTag and tag counts until its date, then shown', async () => {
    const tag = freshSlug('tag');
    const post = await create({ publishDate: new Date(Date.now() + 3_600_000).toISOString(), tagSlugs: [tag] });
    expect(post.status).toBe('SCHEDULED');
    expect((await visitor(POST_INFO, { slug: post.slug })).data!.postInfo).toBeNull();
    expect(await allPublicSlugs()).not.toContain(post.slug);
    const byTag = await visitor(BY_TAG, { slug: tag });
    expect(byTag.data!.postsByTag.posts).toEqual([]);
    expect(byTag.data!.postsByTag.total).toBe(0);
    const tags = (await visitor('{ allTags { slug postCount } }')).data!.allTags as { slug: string }[];
    expect(tags.map((t) => t.slug)).not.toContain(tag);

    // Its date comes.
    await server.db.query("UPDATE posts SET publish_date = now() - interval '1 second' WHERE id = $1", [post.id]);
    const shown = (await visitor(POST_INFO, { slug: post.slug })).data!.postInfo;
    expect(shown.slug).toBe(post.slug);
    expect(await allPublicSlugs()).toContain(post.slug);
    expect((await visitor(BY_TAG, { slug: tag })).data!.postsByTag.posts.map((p: { slug: string }) => p.slug)).toEqual([post.slug]);
    const after = (await visitor('{ allTags { slug postCount } }')).data!.allTags as { slug: string; postCount: number }[];
    expect(after.find((t) => t.slug === tag)?.postCount).toBe(1);
    const editorView = await graphqlAs(server, editor, 'query ($id: ID!) { editorPost(id: $id) { status } }', { id: post.id });
    expect(editorView.data!.editorPost.status).toBe('PUBLISHED');
  });

  it('unpublishing hides a post at once; updatePost with a publish date publishes it again', async () => {
    const post = await create();
    expect((await visitor(POST_INFO, { slug: post.slug })).data!.postInfo).not.toBeNull();
    const unpublished = await graphqlAs(server, editor, UNPUBLISH, { id: post.id });
    expect(unpublished.data!.unpublishPost.status).toBe('UNPUBLISHED');
    expect((await visitor(POST_INFO, { slug: post.slug })).data!.postInfo).toBeNull();
    expect(await allPublicSlugs()).not.toContain(post.slug);

    const again = await graphqlAs(server, editor, UPDATE, { id: post.id, input: input({ slug: post.slug, publishDate: new Date().toISOString() }) });
    expect(again.data!.updatePost.status).toBe('PUBLISHED');
    expect((await visitor(POST_INFO, { slug: post.slug })).data!.postInfo).not.toBeNull();
  });

  it('seeds posts with a video code, shown by postInfo, and the rest without one', async () => {
    const withVideo = SEED_POSTS.filter((p) => p.videoCode);
    expect(withVideo.length).toBeGreaterThanOrEqual(2);
    for (const seed of withVideo) {
      expect(seed.videoCode).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect((await visitor(`query Op($slug: String!) { postInfo(slug: $slug) { videoCode } }`, { slug: seed.slug })).data!.postInfo.videoCode).toBe(seed.videoCode);
    }
    const without = SEED_POSTS.find((p) => !p.videoCode)!;
    expect((await visitor(`query Op($slug: String!) { postInfo(slug: $slug) { videoCode } }`, { slug: without.slug })).data!.postInfo.videoCode).toBeNull();
  });

  it('postInfo answers every field: sanitised body with absolute links, image sizes, tags, url', async () => {
    const seed = SEED_POSTS[0]!;
    const post = (await visitor(POST_INFO, { slug: seed.slug })).data!.postInfo;
    expect(post.title).toBe(seed.title);
    expect(post.highlights).toEqual(seed.highlights);
    expect(post.url).toBe(`${server.url}/resources/${seed.slug}`);
    expect(post.body).toContain(`href="${server.url}/mortgage/calculator"`);
    expect(post.body).not.toMatch(/href="\//);
    expect(post.image.url).toBe(`${server.url}/media/posts/seed/${seed.slug}-1600.webp`);
    expect(post.image.srcset.split(', ')).toHaveLength(3);
    expect(post.image.alt).toBe(seed.image.alt);
    expect(post.tags.map((t: { slug: string }) => t.slug).sort()).toEqual([...seed.tags].sort());
    expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(new Date(post.publishDate).getTime()).toBeLessThan(Date.now());
  });

  it('postInfo of an unknown or malformed slug is null', async () => {
    expect((await visitor(POST_INFO, { slug: 'no-such-post' })).data!.postInfo).toBeNull();
    expect((await visitor(POST_INFO, { slug: '../../etc/passwd' })).data!.postInfo).toBeNull();
    expect(codeOf(await visitor(POST_INFO, { slug: 'x'.repeat(500) }))).toBe('BAD_USER_INPUT');
  });
});

describe('slugs', () => {
  it.each([['Upper-Case'], ['two--hyphens'], ['-leading'], ['trailing-'], ['under_score'], ['spa ce'], ['ümlaut'], ['a'.repeat(81)], ['']])(
    "refuses %j, naming 'slug'",
    async (slug) => {
      const result = await graphqlAs(server, editor, CREATE, { input: input({ slug }) });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.argumentName).toBe('slug');
    },
  );

  it("refuses a slug another post has, naming 'slug', on create and on update", async () => {
    const first = await create();
    const taken = await graphqlAs(server, editor, CREATE, { input: input({ slug: first.slug }) });
    expect(codeOf(taken)).toBe('BAD_USER_INPUT');
    expect(taken.errors![0]!.extensions!.argumentName).toBe('slug');
    const second = await create();
    const renamed = await graphqlAs(server, editor, UPDATE, { id: second.id, input: input({ slug: first.slug }) });
    expect(renamed.errors![0]!.extensions!.argumentName).toBe('slug');
    // Keeping its own slug is fine.
    expect((await graphqlAs(server, editor, UPDATE, { id: second.id, input: input({ slug: second.slug }) })).errors).toBeUndefined();
  });

  it('accepts 80 characters', async () => {
    const slug = `a${'-b'.repeat(39)}0`.slice(0, 80);
    expect(slug).toHaveLength(80);
    const post = await create({ slug });
    expect(post.slug).toBe(slug);
  });
});

describe('other input checks', () => {
  it.each([
    ['videoCode', { videoCode: 'not a video id' }],
    ['videoCode', { videoCode: 'abc' }],
    ['publishDate', { publishDate: 'tomorrow' }],
    ['title', { title: '   ' }],
    ['markdown', { markdown: '' }],
    ['imageUrl', { imageUrl: 'https://evil.example/a.png' }],
    ['imageUrl', { imageUrl: '/media/posts/seed/no-such-image-480.webp' }],
    ['tagSlugs.0', { tagSlugs: ['Not A Slug'] }],
    ['highlights', { highlights: Array.from({ length: 11 }, (_, i) => `h${i}`) }],
  ])('refuses a bad %s', async (argument, overrides) => {
    const result = await graphqlAs(server, editor, CREATE, { input: input(overrides) });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.extensions!.argumentName).toBe(argument);
  });

  it('keeps a valid video code and an image of ours; an empty video code is none', async () => {
    const imageUrl = `${server.url}/media/posts/seed/${SEED_POSTS[1]!.slug}-960.webp`;
    const post = await create({ videoCode: 'aB3_-x9Zq0L', imageUrl });
    expect(post).toMatchObject({ videoCode: 'aB3_-x9Zq0L', imageUrl: `${server.url}/media/posts/seed/${SEED_POSTS[1]!.slug}-1600.webp` });
    const cleared = await graphqlAs(server, editor, UPDATE, { id: post.id, input: input({ slug: post.slug, videoCode: '' }) });
    expect(cleared.data!.updatePost.videoCode).toBeNull();
    expect(cleared.data!.updatePost.imageUrl).toBeNull();
  });

  it('stores hostile Markdown sanitised', async () => {
    const post = await create({ markdown: 'Hi <img src=x onerror=alert(1)> [x](javascript:alert(2)) <script>alert(3)</script>' });
    expect(post.body).not.toMatch(/onerror|javascript:|<script/);
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM posts WHERE id = $1', [post.id]);
    expect(rows[0]!.body).not.toMatch(/onerror|javascript:|<script/);
  });

  it('creates tags an editor names for the first time, titled from the slug', async () => {
    const tag = freshSlug('first-time-buyers');
    const post = await create({ tagSlugs: [tag, 'buying', tag] });
    expect(post.tagSlugs.sort()).toEqual(['buying', tag].sort());
    const { rows } = await server.db.query<{ title: string }>('SELECT title FROM tags WHERE slug = $1', [tag]);
    expect(rows[0]!.title).toBe(tag.charAt(0).toUpperCase() + tag.slice(1).replace(/-/g, ' '));
  });
});

describe('paging', () => {
  it('pages newest first without overlap, and a page past the end is empty', async () => {
    const first = (await visitor(ALL_POSTS, { page: 1, pageSize: 5 })).data!.allPosts;
    expect(first.page).toBe(1);
    expect(first.hasPrev).toBe(false);
    expect(first.hasNext).toBe(true);
    expect(first.numPages).toBe(Math.ceil(first.total / 5));
    const second = (await visitor(ALL_POSTS, { page: 2, pageSize: 5 })).data!.allPosts;
    expect(second.hasPrev).toBe(true);
    const slugs = [...first.posts, ...second.posts].map((p: { slug: string }) => p.slug);
    expect(new Set(slugs).size).toBe(10);
    const dates = [...first.posts, ...second.posts].map((p: { publishDate: string }) => Date.parse(p.publishDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const past = (await visitor(ALL_POSTS, { page: first.numPages + 1, pageSize: 5 })).data!.allPosts;
    expect(past).toMatchObject({ posts: [], page: first.numPages + 1, numPages: first.numPages, hasNext: false, hasPrev: true });
    const last = (await visitor(ALL_POSTS, { page: first.numPages, pageSize: 5 })).data!.allPosts;
    expect(last.hasNext).toBe(false);
    expect(last.posts.length).toBe(first.total - 5 * (first.numPages - 1));
  });

  it('defaults to 12 per page', async () => {
    const page = (await visitor('{ allPosts { posts { slug } } }')).data!.allPosts;
    expect(page.posts).toHaveLength(12);
  });

  it.each([
    ['pageSize', { pageSize: 0 }],
    ['pageSize', { pageSize: 51 }],
    ['pageSize', { pageSize: -1 }],
    ['page', { page: 0 }],
    ['page', { page: -3 }],
  ])('refuses %s out of bounds', async (argument, variables) => {
    const result = await visitor(ALL_POSTS, variables);
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.extensions!.argumentName).toBe(argument);
    const byTag = await visitor(BY_TAG, { slug: 'buying', ...variables });
    expect(byTag.errors![0]!.extensions!.argumentName).toBe(argument);
  });

  it('accepts pageSize 1 and 50', async () => {
    expect((await visitor(ALL_POSTS, { pageSize: 1 })).data!.allPosts.posts).toHaveLength(1);
    expect((await visitor(ALL_POSTS, { pageSize: 50 })).data!.allPosts.posts.length).toBeGreaterThan(12);
  });

  it('editorPosts lists every status, newest modified first', async () => {
    const draft = await create({ publishDate: null });
    const page = (await graphqlAs(server, editor, '{ editorPosts(pageSize: 50) { total posts { id status dateModified } } }')).data!.editorPosts;
    expect(page.posts[0].id).toBe(draft.id);
    const statuses = new Set(page.posts.map((p: { status: string }) => p.status));
    expect(statuses.has('DRAFT')).toBe(true);
    expect(statuses.has('PUBLISHED')).toBe(true);
    const modified = page.posts.map((p: { dateModified: string }) => Date.parse(p.dateModified));
    expect(modified).toEqual([...modified].sort((a, b) => b - a));
  });
});

describe('tags', () => {
  it('allTags lists tags with published posts, by title, with their counts', async () => {
    const tags = (await visitor('{ allTags { slug title postCount } }')).data!.allTags as { slug: string; title: string; postCount: number }[];
    expect(tags.map((t) => t.title)).toEqual([...tags.map((t) => t.title)].sort((a, b) => a.localeCompare(b, 'en')));
    for (const tag of tags) {
      const page = (await visitor(BY_TAG, { slug: tag.slug, pageSize: 50 })).data!.postsByTag;
      expect(page.total).toBe(tag.postCount);
      expect(page.posts.every((p: { tags: { slug: string }[] }) => p.tags.some((t) => t.slug === tag.slug))).toBe(true);
    }
    const stays = tags.find((t) => t.slug === 'stays')!;
    expect(stays.postCount).toBe(SEED_POSTS.filter((p) => p.tags.includes('stays')).length);
  });

  it('postsByTag of an unknown tag is NOT_FOUND', async () => {
    expect(codeOf(await visitor(BY_TAG, { slug: 'no-such-tag' }))).toBe('NOT_FOUND');
    expect(codeOf(await visitor(BY_TAG, { slug: '<script>' }))).toBe('NOT_FOUND');
  });
});

describe('related posts of listings', () => {
  const LISTING = 'query ($id: ID!) { listingInfo(listingId: $id) { classification relatedPosts { slug tags { slug } } } }';

  it('a listing for sale gets up to 3 published buying, mortgage or market posts', async () => {
    const { rows } = await server.db.query<{ id: number }>("SELECT id FROM listings WHERE classification = 'sale' ORDER BY id LIMIT 1");
    const listing = (await visitor(LISTING, { id: String(rows[0]!.id) })).data!.listingInfo;
    expect(listing.relatedPosts.length).toBeGreaterThan(0);
    expect(listing.relatedPosts.length).toBeLessThanOrEqual(3);
    for (const post of listing.relatedPosts) {
      expect(post.tags.some((t: { slug: string }) => ['buying', 'mortgage', 'market'].includes(t.slug))).toBe(true);
    }
  });

  it('a rental gets renting posts; posts named by the feed come first; hidden posts never', async () => {
    const { rows } = await server.db.query<{ id: number }>('SELECT min(id) AS id FROM listings');
    const id = rows[0]!.id;
    const hidden = await create({ publishDate: null, tagSlugs: ['renting'] });
    const named = SEED_POSTS.find((p) => p.tags.includes('stays'))!.slug;
    await server.db.query("UPDATE listings SET classification = 'rent', related_post_ids = $2 WHERE id = $1", [id, [named, hidden.slug, 'no-such-post']]);
    try {
      const listing = (await visitor(LISTING, { id: String(id) })).data!.listingInfo;
      expect(listing.relatedPosts[0].slug).toBe(named);
      expect(listing.relatedPosts.map((p: { slug: string }) => p.slug)).not.toContain(hidden.slug);
      for (const post of listing.relatedPosts.slice(1)) expect(post.tags.map((t: { slug: string }) => t.slug)).toContain('renting');
      expect(listing.relatedPosts.length).toBeLessThanOrEqual(3);
    } finally {
      await server.db.query("UPDATE listings SET classification = 'sale', related_post_ids = '{}' WHERE id = $1", [id]);
    }
  });

  it('a page of listings reads related posts for all of them', async () => {
    const result = await visitor('{ listingLoad(first: 5) { edges { node { id relatedPosts { slug } } } } }');
    expect(result.errors).toBeUndefined();
    for (const edge of result.data!.listingLoad.edges) expect(edge.node.relatedPosts.length).toBeLessThanOrEqual(3);
  });
});

describe('post images', () => {
  it('serves every size of a seed image as WebP of its width', async () => {
    const slug = SEED_POSTS[2]!.slug;
    for (const width of [480, 960, 1600]) {
      const response = await fetch(`${server.url}/media/posts/seed/${slug}-${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
    expect((await fetch(`${server.url}/media/posts/seed/${slug}-123.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/posts/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('an editor uploads a picture: stored in responsive sizes, usable as imageUrl', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } }).png().toBuffer();
    const operations = { query: namedOp('mutation ($file: File!, $alt: String!) { uploadPostImage(file: $file, alt: $alt) { url srcset width height alt } }'), variables: { file: null, alt: 'A green square' } };
    const upload = async (who: SignedUp, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('operations', JSON.stringify(operations));
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([new Uint8Array(bytes)]), 'picture.png');
      const response = await fetch(`${server.url}/graphql/?queryName=Op`, { method: 'POST', headers: { Authorization: `Token ${who.token}` }, body: form });
      return (await response.json()) as { data?: { uploadPostImage: { url: string; srcset: string; width: number; height: number; alt: string } }; errors?: { extensions?: Record<string, unknown> }[] };
    };
    expect((await upload(buyer, png)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await upload(editor, new TextEncoder().encode('<svg onload="x()"/>'))).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const image = (await upload(editor, png)).data!.uploadPostImage;
    expect(image).toMatchObject({ width: 960, height: 640, alt: 'A green square' });
    expect(image.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['480w', '960w']);
    expect(image.url.startsWith(`${server.url}/media/posts/uploads/`)).toBe(true);
    expect((await fetch(image.url)).status).toBe(200);
    const post = await create({ imageUrl: image.url });
    expect(post).toMatchObject({ imageUrl: image.url });
  });
});

describe('cached searches', () => {
  it('an unpublished post leaves cached listing searches at once', async () => {
    const SEARCH = '{ listingLoad(first: 25) { edges { node { id classification relatedPosts { slug } } } } }';
    const slugsIn = (result: Awaited<ReturnType<typeof visitor>>) =>
      new Set(result.data!.listingLoad.edges.flatMap((e: { node: { relatedPosts: { slug: string }[] } }) => e.node.relatedPosts.map((p) => p.slug)));
    const post = await create({ tagSlugs: ['buying'], publishDate: new Date(Date.now() - 1000).toISOString() });
    expect(slugsIn(await visitor(SEARCH))).toContain(post.slug);
    expect(slugsIn(await visitor(SEARCH))).toContain(post.slug);
    await graphqlAs(server, editor, UNPUBLISH, { id: post.id });
    expect(slugsIn(await visitor(SEARCH))).not.toContain(post.slug);
  });
});
