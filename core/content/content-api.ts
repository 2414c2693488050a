/**
 * The resource centre over GraphQL (spec §3 Blog post, Tag; §7 allPosts, postInfo(slug), allTags,
 * postsByTag(slug); the editors' fields of the blog contract): the operations, checked against
 * server/schema.graphql by core/graphql/operations.test.ts, and the calls <hearth-blog> and
 * <hearth-blog-editor> make. Answers are checked with zod at this boundary; errors come back as values (the
 * elements show them), never toasted by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { failureOf, mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';
import { POST_IMAGE_FIELDS, postImageSchema } from './post-image';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Operations

const POST_CARD_FIELDS = /* GraphQL */ `
  id
  slug
  title
  subtitle
  publishDate
  readingMinutes
  url
  ${POST_IMAGE_FIELDS}
  tags {
    id
    slug
    title
  }
`;

const PAGE_FIELDS = /* GraphQL */ `
  page
  numPages
  total
  hasNext
  hasPrev
`;

/** A page of published posts, newest first. */
export const AllPostsQuery = /* GraphQL */ `
  query AllPosts($page: Int, $pageSize: Int) {
    allPosts(page: $page, pageSize: $pageSize) {
      posts {
        ${POST_CARD_FIELDS}
      }
      ${PAGE_FIELDS}
    }
  }
`;

/** A page of the published posts of one tag (NOT_FOUND for an unknown tag). */
export const PostsByTagQuery = /* GraphQL */ `
  query PostsByTag($slug: String!, $page: Int, $pageSize: Int) {
    postsByTag(slug: $slug, page: $page, pageSize: $pageSize) {
      posts {
        ${POST_CARD_FIELDS}
      }
      ${PAGE_FIELDS}
    }
  }
`;

/** The tags that have at least one published post, by title. */
export const AllTagsQuery = /* GraphQL */ `
  query AllTags {
    allTags {
      id
      slug
      title
      subtitle
      postCount
    }
  }
`;

/** One published post; null when unknown, draft, scheduled or unpublished. */
export const PostInfoQuery = /* GraphQL */ `
  query PostInfo($slug: String!) {
    postInfo(slug: $slug) {
      ${POST_CARD_FIELDS}
      body
      highlights
      metaDescription
      dateModified
      videoCode
    }
  }
`;

const EDITOR_POST_FIELDS = /* GraphQL */ `
  id
  slug
  title
  subtitle
  markdown
  highlights
  metaDescription
  publishDate
  dateModified
  imageUrl
  videoCode
  tagSlugs
  status
`;

/** Every post of every status, newest modified first (editors only). */
export const EditorPostsQuery = /* GraphQL */ `
  query EditorPosts($page: Int, $pageSize: Int) {
    editorPosts(page: $page, pageSize: $pageSize) {
      posts {
        ${EDITOR_POST_FIELDS}
      }
      ${PAGE_FIELDS}
    }
  }
`;

/** The sanitised HTML a post's Markdown renders to (editors only): the live preview. */
export const PostPreviewQuery = /* GraphQL */ `
  query PostPreview($markdown: String!) {
    postPreview(markdown: $markdown)
  }
`;

export const CreatePostMutation = /* GraphQL */ `
  mutation CreatePost($input: PostInput!) {
    createPost(input: $input) {
      ${EDITOR_POST_FIELDS}
    }
  }
`;

export const UpdatePostMutation = /* GraphQL */ `
  mutation UpdatePost($id: ID!, $input: PostInput!) {
    updatePost(id: $id, input: $input) {
      ${EDITOR_POST_FIELDS}
    }
  }
`;

export const UnpublishPostMutation = /* GraphQL */ `
  mutation UnpublishPost($id: ID!) {
    unpublishPost(id: $id) {
      ${EDITOR_POST_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const text = () => z.nullable(z.string());

const tagRefShape = () => ({ id: z.string(), slug: z.string(), title: z.string() });

const postCardShape = () => ({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: text(),
  publishDate: z.string(),
  readingMinutes: z.number(),
  url: z.string(),
  image: postImageSchema(),
  tags: z.array(z.object(tagRefShape())),
});

const pageShape = () => ({ page: z.number(), numPages: z.number(), total: z.number(), hasNext: z.boolean(), hasPrev: z.boolean() });

const buildPostCard = () => z.object(postCardShape());
const buildPostPage = () => z.object({ posts: z.array(buildPostCard()), ...pageShape() });
const buildPost = () =>
  z.object({
    ...postCardShape(),
    body: z.string(),
    highlights: z.array(z.string()),
    metaDescription: text(),
    dateModified: z.string(),
    videoCode: text(),
  });
const buildTag = () => z.object({ ...tagRefShape(), subtitle: text(), postCount: z.number() });

export const POST_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const buildEditorPost = () =>
  z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    subtitle: text(),
    markdown: z.string(),
    highlights: z.array(z.string()),
    metaDescription: text(),
    publishDate: text(),
    dateModified: z.string(),
    imageUrl: text(),
    videoCode: text(),
    tagSlugs: z.array(z.string()),
    status: z.enum(POST_STATUSES),
  });
const buildEditorPostPage = () => z.object({ posts: z.array(buildEditorPost()), ...pageShape() });

export type PostCard = z.infer<ReturnType<typeof buildPostCard>>;
export type PostPage = z.infer<ReturnType<typeof buildPostPage>>;
export type Post = z.infer<ReturnType<typeof buildPost>>;
export type Tag = z.infer<ReturnType<typeof buildTag>>;
export type EditorPost = z.infer<ReturnType<typeof buildEditorPost>>;
export type EditorPostPage = z.infer<ReturnType<typeof buildEditorPostPage>>;

/** What createPost and updatePost take (the contract's PostInput). */
export interface PostInput {
  slug: string;
  title: string;
  subtitle: string | null;
  markdown: string;
  highlights: string[];
  metaDescription: string | null;
  publishDate: string | null;
  imageUrl: string | null;
  videoCode: string | null;
  tagSlugs: string[];
}

const postPageSchema = lazySchema(buildPostPage);
const postOrNullSchema = lazySchema(() => z.nullable(buildPost()));
const tagsSchema = lazySchema(() => z.array(buildTag()));
const editorPostSchema = lazySchema(buildEditorPost);
const editorPostPageSchema = lazySchema(buildEditorPostPage);
const previewSchema = lazySchema(() => z.string());

// ---------------------------------------------------------------------------------------------------
// Calls

/** A page of published posts, all of them or those of one tag (`code: 'NOT_FOUND'` for an unknown tag). */
export function loadPostPage(tag: string | null, page: number, pageSize: number): Promise<Result<PostPage>> {
  const context = { muteError: true, requestPolicy: 'cache-and-network' } as const;
  return tag === null
    ? query(AllPostsQuery, { page, pageSize }, postPageSchema, context)
    : query(PostsByTagQuery, { slug: tag, page, pageSize }, postPageSchema, context);
}

/** One published post; null when there is none under that slug for the public. */
export function loadPost(slug: string): Promise<Result<Post | null>> {
  return query(PostInfoQuery, { slug }, postOrNullSchema, { muteError: true, requestPolicy: 'cache-and-network' });
}

export function loadTags(): Promise<Result<Tag[]>> {
  return query(AllTagsQuery, {}, tagsSchema, { muteError: true, requestPolicy: 'cache-and-network' });
}

/** The editor's list (`code: 'FORBIDDEN'` or kind 'unauthenticated' for anyone who is not an editor). */
export function loadEditorPosts(page: number, pageSize: number): Promise<Result<EditorPostPage>> {
  return query(EditorPostsQuery, { page, pageSize }, editorPostPageSchema, { muteError: true, requestPolicy: 'network-only' });
}

/** The sanitised HTML of a Markdown text, rendered by the server exactly as a saved post's body. */
export function loadPostPreview(markdown: string): Promise<Result<string>> {
  return query(PostPreviewQuery, { markdown }, previewSchema, { muteError: true, requestPolicy: 'network-only' });
}

/** createPost (id null) or updatePost; `code: 'BAD_USER_INPUT'` with `argument` naming the refused field. */
export function savePost(id: string | null, input: PostInput): Promise<Result<EditorPost>> {
  return id === null
    ? mutate(CreatePostMutation, { input }, editorPostSchema, { muteError: true })
    : mutate(UpdatePostMutation, { id, input }, editorPostSchema, { muteError: true });
}

// ---------------------------------------------------------------------------------------------------
// The post image upload (a multipart POST, like every upload: the GraphQL multipart request spec)

export const UploadPostImageMutation = /* GraphQL */ `
  mutation UploadPostImage($file: File!, $alt: String!) {
    uploadPostImage(file: $file, alt: $alt) {
      url
      srcset
      width
      height
      alt
    }
  }
`;

const uploadedImageSchema = lazySchema(() => z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number(), alt: z.string() }));

export type UploadedPostImage = z.infer<ReturnType<typeof uploadedImageSchema.schema>>;

/** Reads the upload's answer: the image, the server's refusal (e.g. not an image), or a failure of the transport. */
export function postImageAnswer(status: number, text: string): Result<UploadedPostImage> {
  type Answer = { data?: { uploadPostImage?: unknown } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  let body: Answer | null = null;
  try {
    body = JSON.parse(text) as Answer;
  } catch {
    // not JSON: a failure of the transport, below
  }
  if (body?.errors?.length) return { ok: false, failure: failureOf({ graphQLErrors: body.errors }) };
  const parsed = uploadedImageSchema.safeParse(body?.data?.uploadPostImage);
  if (parsed.success) return { ok: true, value: parsed.data };
  const tooLarge = status === 413;
  return { ok: false, failure: { kind: status === 401 ? 'unauthenticated' : tooLarge ? 'invalid' : 'server', message: null, code: tooLarge ? 'PAYLOAD_TOO_LARGE' : null, argument: tooLarge ? 'file' : null } };
}

/** uploadPostImage (editors only): stores the picture in its sizes; never throws. */
export async function uploadPostImage(file: Blob & { name?: string }, alt: string): Promise<Result<UploadedPostImage>> {
  const { api, partner } = runtimeSettings();
  const params = new URLSearchParams({ queryName: 'UploadPostImage' });
  if (partner) params.set('partner', partner);
  const body = new FormData();
  body.set('operations', JSON.stringify({ query: UploadPostImageMutation, variables: { file: null, alt } }));
  body.set('map', JSON.stringify({ 0: ['variables.file'] }));
  body.set('0', file, file.name ?? 'image');
  try {
    const response = await fetch(`${api}/graphql/?${params.toString()}`, {
      method: 'POST',
      body,
      headers: { Accept: 'application/graphql-response+json, application/json', ...authHeaders() },
      credentials: isSameOrigin() ? 'include' : 'omit',
    });
    return postImageAnswer(response.status, await response.text());
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
  }
}

/** Hides a post at once; saving it with a publish date publishes it again. */
export function unpublishPost(id: string): Promise<Result<EditorPost>> {
  return mutate(UnpublishPostMutation, { id }, editorPostSchema, { muteError: true });
}
