/**
 * The resource centre (spec §3 Blog post, Tag; §7 allPosts, postInfo, allTags, postsByTag; issue 18). Visitors
 * read published posts on either endpoint; editors (server/content/posts.ts requireEditor) read every post,
 * write them and preview Markdown on /graphql/. Dates are ISO 8601 strings.
 */
import { z } from 'zod';
import { idArgument, requireViewer } from '../../accounts/viewer';
import { postImageUrls, uploadPostImage } from '../../content/images';
import { bodyOnOrigin } from '../../content/markdown';
import {
  createPost,
  DEFAULT_EDITOR_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  editorPosts,
  findPost,
  MARKDOWN_MAX,
  PAGE_SIZE_MAX,
  PostInputSchema,
  previewPost,
  publishedPostBySlug,
  publishedPosts,
  publishedPostsByTag,
  publishedTags,
  requireEditor,
  unpublishPost,
  updatePost,
  type PostImageRecord,
  type PostPage,
  type PostStatus,
  type PostRecord,
  type TagRecord,
} from '../../content/posts';
import { builder } from './builder';
import { parseArgs } from './input';

// ---------------------------------------------------------------------------------------------------
// Types

export const TagRef = builder.objectRef<TagRecord>('Tag').implement({
  description: 'A topic of the resource centre (spec §3 Tag).',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The tag's id." }),
    slug: t.exposeString('slug', { description: 'Its page is /resources/tag/{slug}.' }),
    title: t.exposeString('title', { description: 'The topic’s name, e.g. Mortgages.' }),
    subtitle: t.exposeString('subtitle', { nullable: true, description: 'A line on what the topic covers.' }),
    postCount: t.exposeInt('postCount', { description: 'Published posts with this tag.' }),
  }),
});

const PostImageRef = builder.objectRef<PostImageRecord>('PostImage').implement({
  description: "A post's picture: the original and responsive sizes on our public origin.",
  fields: (t) => ({
    url: t.string({ description: 'The largest size, absolute.', resolve: (i, _a, ctx) => postImageUrls(i, ctx.publicOrigin).url }),
    srcset: t.string({ description: 'Every size as `<absolute url> <width>w`, comma separated (for <img srcset>).', resolve: (i, _a, ctx) => postImageUrls(i, ctx.publicOrigin).srcset }),
    width: t.exposeInt('width', { description: 'Of the largest size, in pixels.' }),
    height: t.exposeInt('height', { description: 'Of the largest size, in pixels.' }),
    alt: t.string({ description: 'Text alternative; empty when the picture is decorative.', resolve: (i) => i.alt }),
  }),
});

const ISO = 'ISO 8601.';

export const PostRef = builder.objectRef<PostRecord>('Post').implement({
  description: 'A published blog post (spec §3 Blog post). body is sanitised HTML rendered on the server from Markdown.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The post's id." }),
    slug: t.exposeString('slug', { description: 'Its page is /resources/{slug}.' }),
    title: t.exposeString('title', { description: 'Plain text.' }),
    subtitle: t.exposeString('subtitle', { nullable: true, description: 'Plain text.' }),
    body: t.string({
      description: 'Sanitised HTML (an allowlist of tags, attributes and URL schemes); URLs absolute on our public origin.',
      resolve: (p, _a, ctx) => bodyOnOrigin(p.body, ctx.publicOrigin),
    }),
    highlights: t.exposeStringList('highlights', { description: 'Key points, plain text.' }),
    metaDescription: t.exposeString('metaDescription', { nullable: true, description: 'For search engines and link previews, plain text.' }),
    publishDate: t.string({ description: ISO, resolve: (p) => p.publishDate!.toISOString() }),
    dateModified: t.string({ description: ISO, resolve: (p) => p.dateModified.toISOString() }),
    image: t.field({ type: PostImageRef, nullable: true, description: 'Its picture; null when it has none.', resolve: (p) => p.image }),
    videoCode: t.exposeString('videoCode', {
      nullable: true,
      description: 'A YouTube video id, shown in a frame of https://www.youtube-nocookie.com/embed/{videoCode}.',
    }),
    tags: t.field({ type: [TagRef], description: 'By title.', resolve: (p) => p.tags }),
    url: t.string({ description: 'The post’s page on our public origin.', resolve: (p, _a, ctx) => `${ctx.publicOrigin}/resources/${p.slug}` }),
    readingMinutes: t.exposeInt('readingMinutes', { description: 'Minutes to read the body, at least 1.' }),
  }),
});

const PostPageRef = builder.objectRef<PostPage<PostRecord>>('PostPage').implement({
  description: 'One page of published posts, newest first.',
  fields: (t) => ({
    posts: t.field({ type: [PostRef], description: 'At most pageSize posts; none past the last page.', resolve: (p) => p.posts }),
    page: t.exposeInt('page', { description: 'The page answered, from 1 (past the last page: no posts).' }),
    numPages: t.exposeInt('numPages', { description: 'Pages in all, at least 1.' }),
    total: t.exposeInt('total', { description: 'Posts in all pages.' }),
    hasNext: t.exposeBoolean('hasNext', { description: 'Whether a later page has posts.' }),
    hasPrev: t.exposeBoolean('hasPrev', { description: 'Whether this is not the first page.' }),
  }),
});

const STATUS_TEXT: Record<PostStatus, string> = {
  DRAFT: 'No publish date: only editors see it.',
  SCHEDULED: 'Its publish date is to come: hidden from every public read, page and feed until then.',
  PUBLISHED: 'Its publish date has come: public.',
  UNPUBLISHED: 'Hidden by an editor; a publish date in updatePost publishes it again.',
};

const PostStatusEnum = builder.enumType('PostStatus', {
  description: 'Where a post stands.',
  values: {
    DRAFT: { value: 'DRAFT' as const, description: STATUS_TEXT.DRAFT },
    SCHEDULED: { value: 'SCHEDULED' as const, description: STATUS_TEXT.SCHEDULED },
    PUBLISHED: { value: 'PUBLISHED' as const, description: STATUS_TEXT.PUBLISHED },
    UNPUBLISHED: { value: 'UNPUBLISHED' as const, description: STATUS_TEXT.UNPUBLISHED },
  },
});

const EditorPostRef = builder.objectRef<PostRecord>('EditorPost').implement({
  description: 'A post as its editors see it: its Markdown and status besides the published fields.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The post's id (updatePost, unpublishPost)." }),
    slug: t.exposeString('slug', { description: 'Its page is /resources/{slug} once published.' }),
    title: t.exposeString('title', { description: 'Plain text.' }),
    subtitle: t.exposeString('subtitle', { nullable: true, description: 'Plain text.' }),
    markdown: t.exposeString('markdown', { description: 'What the editor wrote.' }),
    body: t.string({ description: 'The sanitised HTML rendered from markdown.', resolve: (p, _a, ctx) => bodyOnOrigin(p.body, ctx.publicOrigin) }),
    highlights: t.exposeStringList('highlights', { description: 'Key points, plain text.' }),
    metaDescription: t.exposeString('metaDescription', { nullable: true, description: 'For search engines, plain text.' }),
    publishDate: t.string({ nullable: true, description: `${ISO} Null for a draft.`, resolve: (p) => p.publishDate?.toISOString() ?? null }),
    dateModified: t.string({ description: ISO, resolve: (p) => p.dateModified.toISOString() }),
    imageUrl: t.string({
      nullable: true,
      description: 'The picture’s largest size, absolute (send it back in PostInput.imageUrl to keep it).',
      resolve: (p, _a, ctx) => (p.image ? postImageUrls(p.image, ctx.publicOrigin).url : null),
    }),
    videoCode: t.exposeString('videoCode', { nullable: true, description: 'A YouTube video id.' }),
    tagSlugs: t.stringList({ description: 'The slugs of its tags.', resolve: (p) => p.tags.map((tag) => tag.slug) }),
    status: t.field({ type: PostStatusEnum, description: 'From its publish date and unpublishing, now.', resolve: (p) => p.status }),
  }),
});

const EditorPostPageRef = builder.objectRef<PostPage<PostRecord>>('EditorPostPage').implement({
  description: 'One page of every post, newest modified first (editors only).',
  fields: (t) => ({
    posts: t.field({ type: [EditorPostRef], description: 'At most pageSize posts; none past the last page.', resolve: (p) => p.posts }),
    page: t.exposeInt('page', { description: 'The page answered, from 1 (past the last page: no posts).' }),
    numPages: t.exposeInt('numPages', { description: 'Pages in all, at least 1.' }),
    total: t.exposeInt('total', { description: 'Posts in all pages.' }),
    hasNext: t.exposeBoolean('hasNext', { description: 'Whether a later page has posts.' }),
    hasPrev: t.exposeBoolean('hasPrev', { description: 'Whether this is not the first page.' }),
  }),
});

const PostInputRef = builder.inputType('PostInput', {
  description: 'A post as an editor writes it. publishDate null: a draft; in the future: scheduled; now or past: published.',
  fields: (t) => ({
    slug: t.string({ required: true, description: 'Lower-case words joined by hyphens (^[a-z0-9]+(-[a-z0-9]+)*$), at most 80 characters, unique.' }),
    title: t.string({ required: true, description: 'At most 160 characters.' }),
    subtitle: t.string({ description: 'At most 300 characters.' }),
    markdown: t.string({ required: true, description: `The body in Markdown (GitHub flavoured), at most ${MARKDOWN_MAX} characters; raw HTML is sanitised away.` }),
    highlights: t.stringList({ description: 'Key points, at most 10.' }),
    metaDescription: t.string({ description: 'For search engines, at most 300 characters.' }),
    publishDate: t.string({ description: 'ISO 8601 with an offset; null keeps the post a draft.' }),
    imageUrl: t.string({ description: 'A post image stored here (uploadPostImage, or EditorPost.imageUrl): one of its /media/posts/… sizes.' }),
    videoCode: t.string({ description: 'A YouTube video id (^[A-Za-z0-9_-]{11}$).' }),
    tagSlugs: t.stringList({ description: 'At most 8 tag slugs; tags that do not exist yet are created.' }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const pageArg = z.number().int('page must be a whole number.').min(1, 'page must be 1 or more.');
const pageSizeArg = z
  .number()
  .int('pageSize must be a whole number.')
  .min(1, `pageSize must be between 1 and ${PAGE_SIZE_MAX}.`)
  .max(PAGE_SIZE_MAX, `pageSize must be between 1 and ${PAGE_SIZE_MAX}.`);
const PagingArgs = z.object({ page: pageArg, pageSize: pageSizeArg });
const SlugArgs = z.object({ slug: z.string().max(200, 'slug is too long.') });
const PreviewArgs = z.object({ markdown: z.string().max(MARKDOWN_MAX, `The post must be at most ${MARKDOWN_MAX} characters.`) });
const ImageArgs = z.object({ alt: z.string().trim().max(300, 'The text alternative must be at most 300 characters.') });

async function editorViewer(ctx: Parameters<typeof requireViewer>[0]) {
  const viewer = requireViewer(ctx);
  await requireEditor(ctx.db, viewer.user);
  return viewer.user;
}

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('allPosts', (t) =>
  t.field({
    type: PostPageRef,
    description: `Published posts, newest first. pageSize 1–${PAGE_SIZE_MAX}.`,
    args: {
      page: t.arg.int({ defaultValue: 1, required: true, description: 'From 1.' }),
      pageSize: t.arg.int({ defaultValue: DEFAULT_PAGE_SIZE, required: true, description: `Posts per page, 1–${PAGE_SIZE_MAX}.` }),
    },
    resolve: (_root, args, ctx) => {
      const { page, pageSize } = parseArgs(PagingArgs, args);
      return publishedPosts(ctx.db, page, pageSize);
    },
  }),
);

builder.queryField('postInfo', (t) =>
  t.field({
    type: PostRef,
    nullable: true,
    description: 'One published post by slug; null when unknown, a draft, scheduled or unpublished.',
    args: { slug: t.arg.string({ required: true, description: "The post's slug." }) },
    resolve: (_root, args, ctx) => publishedPostBySlug(ctx.db, parseArgs(SlugArgs, args).slug),
  }),
);

builder.queryField('allTags', (t) =>
  t.field({
    type: [TagRef],
    description: 'Tags with at least one published post, by title (at most 100).',
    resolve: (_root, _args, ctx) => publishedTags(ctx.db),
  }),
);

builder.queryField('postsByTag', (t) =>
  t.field({
    type: PostPageRef,
    description: `Published posts with one tag, newest first; NOT_FOUND for an unknown tag. pageSize 1–${PAGE_SIZE_MAX}.`,
    args: {
      slug: t.arg.string({ required: true, description: "The tag's slug." }),
      page: t.arg.int({ defaultValue: 1, required: true, description: 'From 1.' }),
      pageSize: t.arg.int({ defaultValue: DEFAULT_PAGE_SIZE, required: true, description: `Posts per page, 1–${PAGE_SIZE_MAX}.` }),
    },
    resolve: (_root, args, ctx) => {
      const { page, pageSize } = parseArgs(PagingArgs, args);
      return publishedPostsByTag(ctx.db, parseArgs(SlugArgs, args).slug, page, pageSize);
    },
  }),
);

builder.queryField('editorPosts', (t) =>
  t.field({
    type: EditorPostPageRef,
    description: 'Editors only: every post whatever its status, newest modified first.',
    args: {
      page: t.arg.int({ defaultValue: 1, required: true, description: 'From 1.' }),
      pageSize: t.arg.int({ defaultValue: DEFAULT_EDITOR_PAGE_SIZE, required: true, description: `Posts per page, 1–${PAGE_SIZE_MAX}.` }),
    },
    resolve: async (_root, args, ctx) => {
      await editorViewer(ctx);
      const { page, pageSize } = parseArgs(PagingArgs, args);
      return editorPosts(ctx.db, page, pageSize);
    },
  }),
);

builder.queryField('editorPost', (t) =>
  t.field({
    type: EditorPostRef,
    nullable: true,
    description: 'Editors only: one post whatever its status; null when there is none.',
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: async (_root, args, ctx) => {
      await editorViewer(ctx);
      return findPost(ctx.db, idArgument(args.id, 'Post'));
    },
  }),
);

builder.queryField('postPreview', (t) =>
  t.field({
    type: 'String',
    description: 'Editors only: the sanitised HTML a post of this Markdown would show (live preview).',
    args: { markdown: t.arg.string({ required: true, description: 'The Markdown being written.' }) },
    resolve: async (_root, args, ctx) => {
      const user = await editorViewer(ctx);
      return bodyOnOrigin(await previewPost(ctx.db, user, parseArgs(PreviewArgs, args).markdown), ctx.publicOrigin);
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('createPost', (t) =>
  t.field({
    type: EditorPostRef,
    description: "Editors only: a new post. BAD_USER_INPUT naming 'slug' when the slug is malformed or taken.",
    args: { input: t.arg({ type: PostInputRef, required: true, description: 'The post.' }) },
    resolve: async (_root, args, ctx) => {
      const user = await editorViewer(ctx);
      return createPost({ db: ctx.db, user, publicOrigin: ctx.publicOrigin }, parseArgs(PostInputSchema, args.input));
    },
  }),
);

builder.mutationField('updatePost', (t) =>
  t.field({
    type: EditorPostRef,
    description: 'Editors only: replaces a post’s fields. A publishDate publishes an unpublished post again.',
    args: {
      id: t.arg.id({ required: true, description: "The post's id." }),
      input: t.arg({ type: PostInputRef, required: true, description: 'The post.' }),
    },
    resolve: async (_root, args, ctx) => {
      const user = await editorViewer(ctx);
      const id = idArgument(args.id, 'Post');
      return updatePost({ db: ctx.db, user, publicOrigin: ctx.publicOrigin }, id, parseArgs(PostInputSchema, args.input));
    },
  }),
);

builder.mutationField('unpublishPost', (t) =>
  t.field({
    type: EditorPostRef,
    description: 'Editors only: hides a post from every public read, page and feed at once.',
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: async (_root, args, ctx) => {
      const user = await editorViewer(ctx);
      return unpublishPost(ctx.db, user, idArgument(args.id, 'Post'));
    },
  }),
);

builder.mutationField('uploadPostImage', (t) =>
  t.field({
    type: PostImageRef,
    description:
      'Editors only: stores a picture for posts (JPEG, PNG, WebP or GIF, at most 5 MB and 40 megapixels) re-encoded in responsive WebP sizes; put its url in PostInput.imageUrl.',
    args: {
      file: t.arg({ type: 'File', required: true, description: 'The image, as a GraphQL multipart upload.' }),
      alt: t.arg.string({ required: true, description: 'What the picture shows, for readers who cannot see it; empty when decorative.' }),
    },
    resolve: async (_root, args, ctx) => {
      const editor = await editorViewer(ctx);
      const { alt } = parseArgs(ImageArgs, args);
      return uploadPostImage(ctx.db, new Uint8Array(await args.file.arrayBuffer()), alt, { userId: editor.id, partnerId: ctx.partner.id, signal: ctx.signal });
    },
  }),
);
