/**
 * <hearth-blog>: the resource centre (spec §1 blog posts, §3 Blog post, Tag) — a list of post cards with a
 * tag filter and paging, or one post when `slug` is set. `BlogView` only renders what it is given; `Blog`
 * connects it to core/content/use-blog.ts and navigates inside the element (or to `base-url`).
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { Post, PostCard, PostPage, Tag } from '../../core/content/content-api';
import { formatPostDate } from '../../core/content/post-format';
import { isVideoCode, videoEmbedUrl } from '../../core/content/post-rules';
import { useBlogList, useBlogPost, useBlogTags, type BlogListState, type BlogPostState } from '../../core/content/use-blog';
import { contentTexts } from '../../core/i18n/content';
import { Button } from '../../core/ui/button';
import { PostBody } from './post-body';

const t = contentTexts.blog;

/** `hearth-post-selected` and `hearth-tag-selected` detail (`slug` null: back to all posts). */
export interface PostSelectedDetail {
  slug: string;
}
export interface TagSelectedDetail {
  slug: string | null;
}

const CARD_SIZES = '(min-width: 1000px) 320px, (min-width: 640px) 45vw, 100vw';
const POST_SIZES = '(min-width: 800px) 760px, 100vw';
/** What the video frame may do: play, full screen, no more. */
const VIDEO_ALLOW = 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen';

/** Where a post link goes: `base-url`/{slug} when the page has its own post pages, else the post's URL on our site. */
export const postHref = (post: Pick<PostCard, 'slug' | 'url'>, baseUrl: string | null) =>
  baseUrl ? `${baseUrl}/${encodeURIComponent(post.slug)}` : post.url;

/** A plain left click without modifier keys: the element navigates itself; anything else is the browser's. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export type BlogMode =
  | { kind: 'list'; tag: string | null; state: BlogListState; tags: Tag[] }
  | { kind: 'post'; state: BlogPostState };

export interface BlogViewProps {
  mode: BlogMode;
  baseUrl: string | null;
  /** Formats dates in this time zone (tests); the viewer's own by default. */
  timeZone?: string;
  /** Move focus to the heading after this render (after the visitor navigated). */
  focusHeading: boolean;
  onFocused: () => void;
  onSelectPost: (slug: string, event: MouseEvent) => void;
  onSelectTag: (slug: string | null) => void;
  onPage: (page: number) => void;
  onBack: () => void;
  onRetry: () => void;
  /**
   * The page wrote this view's content into the element (the hosted site's server-rendered posts): that markup is
   * what shows, through a slot, until the visitor moves to another view, so nothing on the page moves (issue 38).
   */
  serverMarkup?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Pieces

function Meta({ post, timeZone }: { post: Pick<PostCard, 'publishDate' | 'readingMinutes'>; timeZone: string | undefined }) {
  return (
    <p className="post-meta" part="meta">
      <time dateTime={post.publishDate}>{formatPostDate(post.publishDate, timeZone)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t.readingMinutes(post.readingMinutes)}</span>
    </p>
  );
}

function TagButtons({ tags, current, onSelectTag, part, label }: {
  tags: readonly Pick<Tag, 'slug' | 'title'>[];
  current: string | null;
  onSelectTag: (slug: string) => void;
  part: string;
  label: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className="post-tags" part={part} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <button type="button" className="tag" part="tag" aria-pressed={tag.slug === current} data-slug={tag.slug} onClick={() => onSelectTag(tag.slug)}>
            {tag.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A post's image at the widths of its srcset: the card's lazily, the post's own at once. */
function PostImage({ image, className, sizes, loading }: { image: NonNullable<PostCard['image']>; className: string; sizes: string; loading?: 'lazy' }) {
  return (
    <img
      loading={loading}
      className={className}
      part="image"
      src={image.url}
      srcSet={image.srcset}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      decoding="async"
    />
  );
}

function Card({ post, props, first }: { post: PostCard; props: BlogViewProps; first: boolean }) {
  const href = postHref(post, props.baseUrl);
  const current = props.mode.kind === 'list' ? props.mode.tag : null;
  return (
    <li className="card" part="card" data-slug={post.slug}>
      <article className="card-inner">
        {/* The first card's picture is on screen at once (the page's largest paint): not lazy (issue 38). */}
        {post.image ? <PostImage image={post.image} className="card-image" sizes={CARD_SIZES} loading={first ? undefined : 'lazy'} /> : null}
        <div className="card-body">
          <h3 className="card-title" part="card-title">
            <a className="post-link" part="post-link" href={href} onClick={(event) => props.onSelectPost(post.slug, event)}>
              {post.title}
            </a>
          </h3>
          {post.subtitle ? (
            <p className="card-subtitle" part="subtitle">
              {post.subtitle}
            </p>
          ) : null}
          <Meta post={post} timeZone={props.timeZone} />
          <TagButtons tags={post.tags} current={current} onSelectTag={props.onSelectTag} part="card-tags" label={`${t.postTags}: ${post.title}`} />
        </div>
      </article>
    </li>
  );
}

function Paging({ page, onPage }: { page: PostPage; onPage: (page: number) => void }) {
  if (page.numPages <= 1) return null;
  return (
    <nav className="paging" part="paging" aria-label={t.pagingLabel}>
      <Button tone="secondary" part="previous" disabled={!page.hasPrev} onClick={() => onPage(page.page - 1)}>
        {t.previous}
      </Button>
      <span className="page-count" part="page-count" aria-live="polite">
        {t.pageOf(page.page, page.numPages)}
      </span>
      <Button tone="secondary" part="next" disabled={!page.hasNext} onClick={() => onPage(page.page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}

/**
 * The list's shape while it loads, each box the size of what replaces it (issue 38: on a partner's phone page the
 * loaded list moved 0.099 of the screen): the tag filter's row (unless it is there already) and cards laid out as
 * the loaded cards are — picture, a two-line title, a two-line subtitle, the date and a row of tags.
 */
function Skeleton({ cards, tagRow }: { cards: number; tagRow: boolean }) {
  return (
    <>
      {tagRow ? <div className="skeleton-tags" aria-hidden="true" /> : null}
      <ul className="posts skeleton" aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <li key={i} className="card skeleton-card">
            <div className="card-inner">
              <div className="skeleton-image" />
              <div className="card-body">
                <div className="skeleton-card-title" />
                <div className="skeleton-card-subtitle" />
                <div className="skeleton-card-meta" />
                <div className="skeleton-card-tags" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="blog-message" part="message" role="alert">
      <p>{message}</p>
      <Button tone="secondary" part="retry" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// The list

function ListView({ mode, props, headingRef }: { mode: Extract<BlogMode, { kind: 'list' }>; props: BlogViewProps; headingRef: (node: HTMLHeadingElement | null) => void }) {
  const { state, tag, tags } = mode;
  const tagTitle = tag ? (tags.find((x) => x.slug === tag)?.title ?? tag) : null;
  return (
    <section className="blog" part="base" data-state={state.status === 'loaded' && state.busy ? 'busy' : state.status} aria-busy={state.status === 'loading' || (state.status === 'loaded' && state.busy) || undefined}>
      <h2 className="blog-heading" part="heading" tabIndex={-1} ref={headingRef}>
        {tagTitle ? t.tagHeading(tagTitle) : t.heading}
      </h2>
      {tags.length > 0 ? (
        <nav className="tag-filter" part="tag-filter" aria-label={t.tagsLabel}>
          <ul className="post-tags">
            <li>
              <button type="button" className="tag" part="tag" aria-pressed={tag === null} onClick={() => props.onSelectTag(null)}>
                {t.allPosts}
              </button>
            </li>
            {tags.map((x) => (
              <li key={x.slug}>
                <button
                  type="button"
                  className="tag"
                  part="tag"
                  aria-pressed={x.slug === tag}
                  aria-label={t.tagCount(x.title, x.postCount)}
                  data-slug={x.slug}
                  onClick={() => props.onSelectTag(x.slug)}
                >
                  {x.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {state.status === 'loading' ? (
        <>
          <p className="visually-hidden" role="status">
            {t.loading}
          </p>
          <Skeleton cards={3} tagRow={tags.length === 0} />
        </>
      ) : null}
      {state.status === 'failed' ? <Failed message={t.failed} onRetry={props.onRetry} /> : null}
      {state.status === 'tag-missing' ? (
        <p className="blog-message" part="message" role="alert">
          {t.tagNotFound}
        </p>
      ) : null}
      {state.status === 'empty' ? (
        <p className="blog-empty" part="empty">
          {tag ? t.emptyTag : t.empty}
        </p>
      ) : null}
      {state.status === 'loaded' ? (
        <>
          <ul className="posts" part="list">
            {state.page.posts.map((post, i) => (
              <Card key={post.id} post={post} props={props} first={i === 0} />
            ))}
          </ul>
          <Paging page={state.page} onPage={props.onPage} />
        </>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// One post

/** To the list: a link to `base-url` when the page has its own list, else a button that clears `slug`. */
function BackLink({ props }: { props: BlogViewProps }) {
  if (props.baseUrl) {
    return (
      <a className="back" part="back" href={props.baseUrl}>
        {t.back}
      </a>
    );
  }
  return (
    <button type="button" className="back link-button" part="back" onClick={props.onBack}>
      {t.back}
    </button>
  );
}

function PostArticle({ post, props, headingRef }: { post: Post; props: BlogViewProps; headingRef: (node: HTMLHeadingElement | null) => void }) {
  const video = post.videoCode && isVideoCode(post.videoCode) ? post.videoCode : null;
  return (
    <article className="post" part="post" data-slug={post.slug}>
      <BackLink props={props} />
      <header className="post-header">
        <h2 className="post-title" part="heading" tabIndex={-1} ref={headingRef}>
          {post.title}
        </h2>
        {post.subtitle ? (
          <p className="post-subtitle" part="subtitle">
            {post.subtitle}
          </p>
        ) : null}
        <Meta post={post} timeZone={props.timeZone} />
      </header>
      {post.image ? <PostImage image={post.image} className="post-image" sizes={POST_SIZES} /> : null}
      {post.highlights.length > 0 ? (
        <aside className="highlights" part="highlights" aria-labelledby="post-highlights">
          <h3 id="post-highlights">{t.highlights}</h3>
          <ul>
            {post.highlights.map((highlight, i) => (
              <li key={i}>{highlight}</li>
            ))}
          </ul>
        </aside>
      ) : null}
      <PostBody serverHtml={post.body} part="body" />
      {video ? (
        <div className="video" part="video">
          <iframe
            src={videoEmbedUrl(video)}
            title={t.video(post.title)}
            width={560}
            height={315}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow={VIDEO_ALLOW}
          />
        </div>
      ) : null}
      <TagButtons tags={post.tags} current={null} onSelectTag={props.onSelectTag} part="post-tags" label={t.postTags} />
    </article>
  );
}

function PostView({ state, props, headingRef }: { state: BlogPostState; props: BlogViewProps; headingRef: (node: HTMLHeadingElement | null) => void }) {
  return (
    <section className="blog" part="base" data-state={state.status === 'loaded' ? 'post' : state.status === 'missing' ? 'not-found' : state.status} aria-busy={state.status === 'loading' || undefined}>
      {state.status === 'loading' ? (
        <div className="post">
          <BackLink props={props} />
          <p className="visually-hidden" role="status">
            {t.loadingPost}
          </p>
          <div className="skeleton-title" aria-hidden="true" />
          <div className="skeleton-image" aria-hidden="true" />
          <div className="skeleton-line" aria-hidden="true" />
        </div>
      ) : null}
      {state.status === 'missing' ? (
        <div className="post">
          <BackLink props={props} />
          <h2 className="post-title" part="heading" tabIndex={-1} ref={headingRef}>
            {t.notFound}
          </h2>
          <p className="blog-message" part="message">
            {t.notFoundText}
          </p>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <div className="post">
          <BackLink props={props} />
          <Failed message={t.postFailed} onRetry={props.onRetry} />
        </div>
      ) : null}
      {state.status === 'loaded' ? <PostArticle post={state.post} props={props} headingRef={headingRef} /> : null}
    </section>
  );
}

export function BlogView(props: BlogViewProps) {
  const { focusHeading, onFocused } = props;
  const heading = useRef<HTMLHeadingElement | null>(null);
  const headingRef = (node: HTMLHeadingElement | null) => {
    heading.current = node;
  };
  const ready = props.mode.state.status !== 'loading';
  useEffect(() => {
    if (!focusHeading || !ready || !heading.current) return;
    heading.current.focus();
    onFocused();
  });
  if (props.serverMarkup)
    return (
      <section className="blog" part="base" data-state="served">
        <slot />
      </section>
    );
  return props.mode.kind === 'post' ? (
    <PostView state={props.mode.state} props={props} headingRef={headingRef} />
  ) : (
    <ListView mode={props.mode} props={props} headingRef={headingRef} />
  );
}

// ---------------------------------------------------------------------------------------------------
// Connected

export interface BlogProps {
  slug: string | null;
  tag: string | null;
  pageSize: number;
  baseUrl: string | null;
  element: ElementHandle;
}

export function Blog({ slug, tag, pageSize, baseUrl, element }: BlogProps) {
  // The page belongs to the tag it was chosen for: another tag starts at page 1.
  const [paging, setPaging] = useState<{ tag: string | null; page: number }>({ tag, page: 1 });
  const page = paging.tag === tag ? paging.page : 1;
  const [focusHeading, setFocusHeading] = useState(false);

  // The page wrote this view (the hosted site's server-rendered posts, whose links work without us): it stays on
  // show, and nothing loads, until the view changes to another post, tag or page (issue 38: the element's own
  // list lays out differently, so swapping it in moved the page). From then on the element renders its own.
  const first = useRef({ served: element.host.childElementCount > 0, slug, tag });
  if (first.current.served && (slug !== first.current.slug || tag !== first.current.tag || page !== 1)) first.current.served = false;
  const serverMarkup = first.current.served;

  const list = useBlogList(tag, page, pageSize, slug === null && !serverMarkup);
  const tags = useBlogTags(slug === null && !serverMarkup);
  const post = useBlogPost(serverMarkup ? null : slug);
  const mode: BlogMode = slug === null ? { kind: 'list', tag, state: list.state, tags } : { kind: 'post', state: post.state };

  const navigate = (attribute: 'slug' | 'tag', value: string | null) => {
    if (value === null) element.host.removeAttribute(attribute);
    else element.host.setAttribute(attribute, value);
    setFocusHeading(true);
  };

  return (
    <BlogView
      mode={mode}
      baseUrl={baseUrl}
      focusHeading={focusHeading}
      onFocused={() => setFocusHeading(false)}
      onSelectPost={(selected, event) => {
        element.emit<PostSelectedDetail>('post-selected', { slug: selected });
        if (baseUrl || !isPlainClick(event)) return;
        event.preventDefault();
        navigate('slug', selected);
      }}
      onSelectTag={(selected) => {
        element.emit<TagSelectedDetail>('tag-selected', { slug: selected });
        if (slug !== null) element.host.removeAttribute('slug');
        setPaging({ tag: selected, page: 1 });
        navigate('tag', selected);
      }}
      onPage={(next) => {
        setPaging({ tag, page: next });
        setFocusHeading(true);
      }}
      onBack={() => navigate('slug', null)}
      onRetry={slug === null ? list.reload : post.reload}
      serverMarkup={serverMarkup}
    />
  );
}
