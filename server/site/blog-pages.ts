/**
 * The resource centre on the hosted site (spec §2 route `resources`; issue 18): /resources (newest posts,
 * paged with ?page=), /resources/{slug}, /resources/tag/{slug}, /resources/editor (editors only) and the
 * Atom feed /resources/feed.xml. As listing-page.ts does for listings, the server writes each post's
 * content inside <hearth-blog> (what a crawler or a browser without JavaScript reads) with the page's title,
 * meta description, canonical URL, Open Graph tags and schema.org JSON-LD (BlogPosting, BreadcrumbList).
 * Drafts, scheduled and unpublished posts are not found, exactly like slugs that do not exist.
 */
import { formatPostDate } from '../../core/content/post-format';
import { isVideoCode, videoEmbedUrl } from '../../core/content/post-rules';
import { resolveContext } from '../../core/config/context';
import { DEFAULT_APP_CONTEXT } from '../../core/config/schema';
import { contentTexts } from '../../core/i18n/content';
import { siteTexts } from '../../core/i18n/site';
import { atomFeed } from '../content/feed';
import { postImageUrls } from '../content/images';
import { bodyOnOrigin } from '../content/markdown';
import {
  DEFAULT_PAGE_SIZE,
  FEED_SIZE,
  findTag,
  isEditor,
  isSlug,
  newestPosts,
  publishedPostBySlug,
  publishedPosts,
  publishedSlugs,
  publishedTags,
  type PostPage,
  type PostRecord,
  type TagRecord,
} from '../content/posts';
import type { Queryable } from '../db';
import type { Route } from '../http/router';
import { partnerAppContext, publicAppContext } from '../partners/app-context';
import { resolvePartner } from '../partners/resolve';
import { escapeHtml, notFoundPage, type PageBuilder, type SitePage, type SiteRequest } from './html';
import { websiteName } from './shell';

const t = contentTexts.blog;
const HEADING = siteTexts.footer.resources;
const DESCRIPTION = 'Guides for buyers, sellers, borrowers, renters and guests: how each step works and what the market numbers mean.';
const FEED_PATH = '/resources/feed.xml';
/** The <img sizes> of a post's picture: the main column, at most about 960 px wide. */
const POST_IMAGE_SIZES = '(min-width: 1000px) 960px, 100vw';
const CARD_IMAGE_SIZES = '(min-width: 1000px) 320px, (min-width: 640px) 50vw, 100vw';

export const BLOG_TEXTS = {
  feedTitle: 'Atom feed',
  guidesHeading: 'Guides and tools',
  editorHeading: 'Blog editor',
  editorForbidden: 'Only editors of the resource centre can open the blog editor.',
  pageTitle: (page: number) => `${HEADING} — page ${page}`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Pieces

const feedLink = (origin: string) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${HEADING} — ${BLOG_TEXTS.feedTitle}`)}" href="${escapeHtml(`${origin}${FEED_PATH}`)}">`;

const postPath = (slug: string) => `/resources/${encodeURIComponent(slug)}`;
const tagPath = (slug: string) => `/resources/tag/${encodeURIComponent(slug)}`;

/** The picture at (at most) `displayWidth` CSS pixels, its aspect ratio kept, so the page does not shift as it loads. */
function imageHtml(post: PostRecord, origin: string, sizes: string, displayWidth: number, eager: boolean): string {
  if (!post.image) return '';
  const { url, srcset } = postImageUrls(post.image, origin);
  const width = Math.min(displayWidth, post.image.width);
  const height = Math.round((post.image.height * width) / post.image.width);
  // An eager picture is the page's largest paint (the post's, or the list's first): fetched first (issue 38).
  return `<img src="${escapeHtml(url)}" srcset="${escapeHtml(srcset)}" sizes="${sizes}" width="${width}" height="${height}" alt="${escapeHtml(post.image.alt)}"${eager ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"'}>`;
}

const dateHtml = (post: PostRecord) =>
  `<p class="post-meta"><time datetime="${post.publishDate!.toISOString()}">${escapeHtml(t.published(formatPostDate(post.publishDate!.toISOString(), 'UTC')))}</time> · ${escapeHtml(t.readingMinutes(post.readingMinutes))}</p>`;

const tagLinks = (tags: readonly TagRecord[]) =>
  tags.length ? `<ul class="post-tags" aria-label="${t.postTags}">${tags.map((tag) => `<li><a href="${tagPath(tag.slug)}">${escapeHtml(tag.title)}</a></li>`).join('')}</ul>` : '';

function cardHtml(post: PostRecord, origin: string, first: boolean): string {
  return `<li><article class="post-card">
${imageHtml(post, origin, CARD_IMAGE_SIZES, 320, first)}
<h3><a href="${postPath(post.slug)}">${escapeHtml(post.title)}</a></h3>
${post.subtitle ? `<p class="subtitle">${escapeHtml(post.subtitle)}</p>\n` : ''}${dateHtml(post)}
${tagLinks(post.tags)}
</article></li>`;
}

/** 'Previous' / 'Page n of m' / 'Next' as links: `base` + ?page=n (page 1 is `base` itself). */
function pagingHtml(page: PostPage<PostRecord>, base: string): string {
  if (page.numPages <= 1) return '';
  const href = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  return `<nav class="paging" aria-label="${t.pagingLabel}">${page.hasPrev ? `<a rel="prev" href="${href(page.page - 1)}">${t.previous}</a>` : ''} <span>${escapeHtml(t.pageOf(page.page, page.numPages))}</span> ${page.hasNext ? `<a rel="next" href="${href(page.page + 1)}">${t.next}</a>` : ''}</nav>`;
}

const tagFilterHtml = (tags: readonly TagRecord[], current: string | null) =>
  `<nav class="tag-filter" aria-label="${t.tagsLabel}"><ul><li><a href="/resources"${current === null ? ' aria-current="page"' : ''}>${t.allPosts}</a></li>${tags
    .map((tag) => `<li><a href="${tagPath(tag.slug)}" aria-label="${escapeHtml(t.tagCount(tag.title, tag.postCount))}"${tag.slug === current ? ' aria-current="page"' : ''}>${escapeHtml(tag.title)}</a></li>`)
    .join('')}</ul></nav>`;

/**
 * The page's one <h1>, for every reader: everything inside <hearth-blog> is the no-JavaScript fallback, and the
 * element, made to be embedded in other pages, shows its own heading as an <h2> once it runs.
 */
const pageHeading = (text: string) => `<h1 class="visually-hidden">${escapeHtml(text)}</h1>`;

const GUIDES = `<aside class="resource-links" aria-labelledby="guides"><h2 id="guides">${BLOG_TEXTS.guidesHeading}</h2><ul><li><a href="/account/buying/guide">${siteTexts.nav.guide}</a>: the steps from pre-qualification to closing.</li><li><a href="/mortgage/calculator">Mortgage calculator</a>: what a home costs you each month.</li><li><a href="/sell">Selling with us</a>: how the 1% listing fee works.</li></ul></aside>`;

const breadcrumbs = (origin: string, trail: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${origin}${crumb.path}` })),
});

/** ?page=: absent is 1; anything but a whole number from 1 is no page at all. */
function pageParam(site: SiteRequest): number | null {
  const raw = site.ctx.url.searchParams.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

// ---------------------------------------------------------------------------------------------------
// Pages

async function listPage(site: SiteRequest, tagSlug: string | null): Promise<SitePage> {
  const { db } = site.ctx.services;
  const origin = site.publicOrigin;
  const pageNumber = pageParam(site);
  if (pageNumber === null || (tagSlug !== null && !isSlug(tagSlug))) return notFoundPage();
  const tag = tagSlug === null ? null : await findTag(db, tagSlug);
  if (tagSlug !== null && !tag) return notFoundPage();
  const page = await publishedPosts(db, pageNumber, DEFAULT_PAGE_SIZE, tag?.id ?? null);
  // A page past the last holds nothing worth a URL (page 1 of an empty list is still the list).
  if (pageNumber > page.numPages) return notFoundPage();
  const base = tag ? tagPath(tag.slug) : '/resources';
  const heading = tag ? t.tagHeading(tag.title) : HEADING;
  const tags = await publishedTags(db);
  const attributes = tag ? ` tag="${escapeHtml(tag.slug)}"` : '';
  const list = page.posts.length
    ? `<ul class="post-list">\n${page.posts.map((post, i) => cardHtml(post, origin, i === 0)).join('\n')}\n</ul>`
    : `<p class="empty">${tag ? t.emptyTag : t.empty}</p>`;
  const head = [
    feedLink(origin),
    page.hasPrev ? `<link rel="prev" href="${escapeHtml(`${origin}${pageNumber - 1 === 1 ? base : `${base}?page=${pageNumber - 1}`}`)}">` : '',
    page.hasNext ? `<link rel="next" href="${escapeHtml(`${origin}${base}?page=${pageNumber + 1}`)}">` : '',
  ];
  const trail = [
    { name: siteTexts.nav.home, path: '/' },
    { name: HEADING, path: '/resources' },
    ...(tag ? [{ name: tag.title, path: base }] : []),
  ];
  return {
    title: pageNumber > 1 ? `${heading} — ${t.pageOf(pageNumber, page.numPages)}` : heading,
    description: tag ? (tag.subtitle ?? `${heading}: ${DESCRIPTION}`) : DESCRIPTION,
    canonical: `${origin}${pageNumber > 1 ? `${base}?page=${pageNumber}` : base}`,
    head: head.filter(Boolean).join('\n'),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: heading,
        url: `${origin}${base}`,
        blogPost: page.posts.map((post) => ({ '@type': 'BlogPosting', headline: post.title, url: `${origin}${postPath(post.slug)}`, datePublished: post.publishDate!.toISOString() })),
      },
      breadcrumbs(origin, trail),
    ],
    main: `<div class="blog-page">
${pageHeading(heading)}
<hearth-blog${attributes} page-size="${DEFAULT_PAGE_SIZE}" base-url="${escapeHtml(`${origin}/resources`)}">
<h2>${escapeHtml(heading)}</h2>
${tag?.subtitle ? `<p class="lead">${escapeHtml(tag.subtitle)}</p>\n` : ''}${tagFilterHtml(tags, tag?.slug ?? null)}
${list}
${pagingHtml(page, base)}
</hearth-blog>
${tag ? '' : GUIDES}
<p class="feed"><a href="${FEED_PATH}" type="application/atom+xml">${BLOG_TEXTS.feedTitle}</a></p>
</div>`,
  };
}

/** schema.org objects of a post page. */
export function postJsonLd(post: PostRecord, site: SiteRequest): object[] {
  const origin = site.publicOrigin;
  const url = `${origin}${postPath(post.slug)}`;
  const name = websiteName(site.context);
  const organization = { '@type': 'Organization', name, url: `${origin}/` };
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      ...(post.subtitle ? { alternativeHeadline: post.subtitle } : {}),
      description: post.metaDescription ?? post.subtitle ?? post.title,
      datePublished: post.publishDate!.toISOString(),
      dateModified: post.dateModified.toISOString(),
      ...(post.image ? { image: [postImageUrls(post.image, origin).url] } : {}),
      author: organization,
      publisher: organization,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.title).join(', ') } : {}),
      ...(post.videoCode && isVideoCode(post.videoCode)
        ? { video: { '@type': 'VideoObject', name: post.title, embedUrl: videoEmbedUrl(post.videoCode), thumbnailUrl: `https://i.ytimg.com/vi/${post.videoCode}/hqdefault.jpg`, uploadDate: post.publishDate!.toISOString() } }
        : {}),
    },
    breadcrumbs(origin, [
      { name: siteTexts.nav.home, path: '/' },
      { name: HEADING, path: '/resources' },
      { name: post.title, path: postPath(post.slug) },
    ]),
  ];
}

async function postPage(site: SiteRequest, slug: string): Promise<SitePage> {
  if (!isSlug(slug)) return notFoundPage();
  const post = await publishedPostBySlug(site.ctx.services.db, slug);
  if (!post) return notFoundPage();
  const origin = site.publicOrigin;
  const highlights = post.highlights.length
    ? `<aside class="highlights" aria-labelledby="highlights"><h3 id="highlights">${t.highlights}</h3><ul>${post.highlights.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul></aside>\n`
    : '';
  const video =
    post.videoCode && isVideoCode(post.videoCode)
      ? `<iframe class="post-video" src="${escapeHtml(videoEmbedUrl(post.videoCode))}" title="${escapeHtml(t.video(post.title))}" width="960" height="540" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen></iframe>\n`
      : '';
  return {
    title: post.title,
    description: post.metaDescription ?? post.subtitle ?? undefined,
    canonical: `${origin}${postPath(post.slug)}`,
    ...(post.image ? { image: postImageUrls(post.image, origin).url } : {}),
    head: feedLink(origin),
    jsonLd: postJsonLd(post, site),
    main: `<div class="blog-page">
${pageHeading(post.title)}
<hearth-blog slug="${escapeHtml(post.slug)}" base-url="${escapeHtml(`${origin}/resources`)}">
<article class="post">
<h2>${escapeHtml(post.title)}</h2>
${post.subtitle ? `<p class="subtitle">${escapeHtml(post.subtitle)}</p>\n` : ''}${dateHtml(post)}
${imageHtml(post, origin, POST_IMAGE_SIZES, 960, true)}
${highlights}<div class="post-body">
${bodyOnOrigin(post.body, origin)}
</div>
${video}${tagLinks(post.tags)}
<p><a href="/resources">${t.back}</a></p>
</article>
</hearth-blog>
</div>`,
  };
}

async function editorPage(site: SiteRequest): Promise<SitePage> {
  // The guard (guards.ts) sends visitors to /log-in first; a signed-in user who is not an editor gets 403.
  if (!site.viewer || !(await isEditor(site.ctx.services.db, site.viewer))) {
    return {
      status: 403,
      title: BLOG_TEXTS.editorHeading,
      noindex: true,
      main: `<section class="not-found"><h1>${BLOG_TEXTS.editorHeading}</h1><p>${escapeHtml(BLOG_TEXTS.editorForbidden)}</p><p><a href="/resources">${HEADING}</a></p></section>`,
    };
  }
  return {
    title: BLOG_TEXTS.editorHeading,
    noindex: true,
    main: `<h1 class="visually-hidden">${BLOG_TEXTS.editorHeading}</h1>\n<hearth-blog-editor></hearth-blog-editor>`,
  };
}

/** Mounted at /resources/* (and /resources itself). */
export const blogPages: PageBuilder = (segments, site) => {
  const [first, second, ...rest] = segments;
  if (first === undefined) return listPage(site, null);
  if (first === 'tag' && second !== undefined && rest.length === 0) return listPage(site, second);
  if (second !== undefined) return notFoundPage();
  if (first === 'editor') return editorPage(site);
  return postPage(site, first);
};

// ---------------------------------------------------------------------------------------------------
// The feed

export const blogFeedRoute: Route = {
  GET: async (ctx) => {
    const { db, config } = ctx.services;
    const resolution = await resolvePartner(ctx);
    const stored = resolution.found ? partnerAppContext(resolution.partner).context : DEFAULT_APP_CONTEXT;
    const name = websiteName(resolveContext(publicAppContext(stored, config.publicOrigin)));
    const body = atomFeed(await newestPosts(db, FEED_SIZE), { name, publicOrigin: config.publicOrigin }, HEADING, DESCRIPTION);
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
    ctx.res.setHeader('Cache-Control', 'public, max-age=300');
    ctx.res.setHeader('X-Content-Type-Options', 'nosniff');
    ctx.res.setHeader('Content-Length', Buffer.byteLength(body));
    ctx.res.end(body);
  },
};

/** The sitemap's resource-centre pages: every published post and every tag that has one. */
export async function blogSitemapPaths(db: Queryable): Promise<string[]> {
  const { posts, tags } = await publishedSlugs(db);
  return [...posts.map(postPath), ...tags.map(tagPath)];
}
