// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseUrlAttr, pageSizeAttr, slugAttr } from '../../core/content/blog-attributes';
import * as api from '../../core/content/content-api';
import type { Post, PostCard, PostPage, Tag } from '../../core/content/content-api';
import { listState, postState } from '../../core/content/use-blog';
import type { ElementHandle } from '../../core/define-element/define-element';
import { contentTexts } from '../../core/i18n/content';
import { testRoot } from '../../core/testing/react-root';
import { Blog, BlogView, postHref, type BlogViewProps } from './blog.view';

vi.mock('../../core/content/content-api', () => ({
  loadPostPage: vi.fn(),
  loadPost: vi.fn(),
  loadTags: vi.fn(),
}));


const t = contentTexts.blog;
const ZONE = 'America/Denver';

const card = (n: number, overrides: Partial<PostCard> = {}): PostCard => ({
  id: String(n),
  slug: `post-${n}`,
  title: `Post ${n}`,
  subtitle: `Subtitle ${n}`,
  publishDate: '2026-03-04T18:00:00.000Z',
  readingMinutes: 5,
  url: `https://hearth.test/resources/post-${n}`,
  image: {
    url: `https://hearth.test/media/posts/${n}-1600.webp`,
    srcset: `https://hearth.test/media/posts/${n}-480.webp 480w, https://hearth.test/media/posts/${n}-1600.webp 1600w`,
    width: 1600,
    height: 900,
    alt: `Picture ${n}`,
  },
  tags: [{ id: '1', slug: 'buying', title: 'Buying' }],
  ...overrides,
});

const pageOf = (posts: PostCard[], overrides: Partial<PostPage> = {}): PostPage => ({
  posts,
  page: 1,
  numPages: 1,
  total: posts.length,
  hasNext: false,
  hasPrev: false,
  ...overrides,
});

const tags: Tag[] = [
  { id: '1', slug: 'buying', title: 'Buying', subtitle: null, postCount: 4 },
  { id: '2', slug: 'renting', title: 'Renting', subtitle: null, postCount: 1 },
];

const post: Post = {
  ...card(1),
  body: '<h2>Start here</h2><p>Get pre-approved first.</p>',
  highlights: ['Know your budget', 'Get pre-approved'],
  metaDescription: 'How to buy.',
  dateModified: '2026-03-05T18:00:00.000Z',
  videoCode: 'dQw4w9WgXcQ',
};

const props = (overrides: Partial<BlogViewProps> = {}): BlogViewProps => ({
  mode: { kind: 'list', tag: null, state: { status: 'loaded', page: pageOf([card(1), card(2)]), busy: false }, tags },
  baseUrl: null,
  timeZone: ZONE,
  focusHeading: false,
  onFocused: vi.fn(),
  onSelectPost: vi.fn(),
  onSelectTag: vi.fn(),
  onPage: vi.fn(),
  onBack: vi.fn(),
  onRetry: vi.fn(),
  ...overrides,
});

const dom = testRoot();
const render = (p: BlogViewProps) => {
  dom.render(<BlogView {...p} />);
  return dom.container;
};
const base = () => dom.container.querySelector('[part="base"]')!;

afterEach(() => {
  vi.clearAllMocks();
});

describe('BlogView: the list', () => {
  it('shows each post as a card: responsive image with alt, title link, subtitle, date, reading time, tags', () => {
    render(props());
    expect(base().getAttribute('data-state')).toBe('loaded');
    const cards = dom.container.querySelectorAll('[part="card"]');
    expect(cards).toHaveLength(2);
    const img = cards[0]!.querySelector('img')!;
    expect(img.getAttribute('srcset')).toContain('480w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('alt')).toBe('Picture 1');
    expect(img.getAttribute('width')).toBe('1600');
    const link = cards[0]!.querySelector<HTMLAnchorElement>('[part="post-link"]')!;
    expect(link.textContent).toBe('Post 1');
    expect(link.getAttribute('href')).toBe('https://hearth.test/resources/post-1');
    expect(cards[0]!.textContent).toContain('Subtitle 1');
    expect(cards[0]!.querySelector('time')!.textContent).toBe('March 4, 2026');
    expect(cards[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-03-04T18:00:00.000Z');
    expect(cards[0]!.textContent).toContain(t.readingMinutes(5));
    expect(cards[0]!.querySelector('[part="card-tags"] button')!.textContent).toBe('Buying');
  });

  it('links posts to base-url when set', () => {
    expect(postHref(card(1), 'https://partner.test/blog')).toBe('https://partner.test/blog/post-1');
    render(props({ baseUrl: 'https://partner.test/blog' }));
    expect(dom.container.querySelector('[part="post-link"]')!.getAttribute('href')).toBe('https://partner.test/blog/post-1');
  });

  it('filters by tag with toggle buttons: All articles pressed, then the chosen tag', () => {
    const p = props();
    render(p);
    const filter = dom.container.querySelector('[part="tag-filter"]')!;
    expect(filter.tagName).toBe('NAV');
    expect(filter.getAttribute('aria-label')).toBe(t.tagsLabel);
    const buttons = [...filter.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual([t.allPosts, 'Buying', 'Renting']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(buttons[1]!.getAttribute('aria-label')).toBe(t.tagCount('Buying', 4));
    act(() => buttons[2]!.click());
    expect(p.onSelectTag).toHaveBeenCalledWith('renting');

    render(props({ mode: { kind: 'list', tag: 'renting', state: { status: 'loaded', page: pageOf([card(3)]), busy: false }, tags } }));
    expect(dom.container.querySelector('h2')!.textContent).toBe(t.tagHeading('Renting'));
    expect([...dom.container.querySelectorAll('[part="tag-filter"] button')].map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
  });

  it("pages with 'Previous' and 'Next' and says which page of how many", () => {
    const p = props({
      mode: { kind: 'list', tag: null, state: { status: 'loaded', page: pageOf([card(1)], { page: 2, numPages: 3, total: 3, hasPrev: true, hasNext: true }), busy: false }, tags },
    });
    render(p);
    expect(dom.container.querySelector('[part="page-count"]')!.textContent).toBe('Page 2 of 3');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="next"]')!.click());
    expect(p.onPage).toHaveBeenCalledWith(3);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="previous"]')!.click());
    expect(p.onPage).toHaveBeenCalledWith(1);

    render(props({ mode: { kind: 'list', tag: null, state: { status: 'loaded', page: pageOf([card(1)], { page: 1, numPages: 2, total: 2, hasNext: true }), busy: false }, tags } }));
    expect(dom.container.querySelector<HTMLButtonElement>('[part="previous"]')!.disabled).toBe(true);
    expect(dom.container.querySelector<HTMLButtonElement>('[part="next"]')!.disabled).toBe(false);
    // One page: no paging at all.
    render(props());
    expect(dom.container.querySelector('[part="paging"]')).toBeNull();
  });

  it("shows a skeleton while loading, 'No posts yet' when empty, and a retry after a failure", () => {
    render(props({ mode: { kind: 'list', tag: null, state: { status: 'loading' }, tags: [] } }));
    expect(base().getAttribute('data-state')).toBe('loading');
    expect(base().getAttribute('aria-busy')).toBe('true');
    expect(dom.container.querySelector('[role="status"]')!.textContent).toBe(t.loading);
    expect(dom.container.querySelectorAll('.skeleton-card').length).toBeGreaterThan(0);

    render(props({ mode: { kind: 'list', tag: null, state: { status: 'empty' }, tags: [] } }));
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe('No posts yet');

    const p = props({ mode: { kind: 'list', tag: null, state: { status: 'failed' }, tags: [] } });
    render(p);
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toContain(t.failed);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(p.onRetry).toHaveBeenCalled();

    render(props({ mode: { kind: 'list', tag: 'nope', state: { status: 'tag-missing' }, tags } }));
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.tagNotFound);
  });
});

describe('BlogView: one post', () => {
  const postProps = (overrides: Partial<BlogViewProps> = {}) => props({ mode: { kind: 'post', state: { status: 'loaded', post } }, ...overrides });

  it('shows title, subtitle, date, image, highlights, the server body, tags and a back button', () => {
    const p = postProps();
    render(p);
    expect(base().getAttribute('data-state')).toBe('post');
    expect(dom.container.querySelector('h2')!.textContent).toBe('Post 1');
    expect(dom.container.querySelector('[part="subtitle"]')!.textContent).toBe('Subtitle 1');
    expect(dom.container.querySelector('[part="post"] time')!.textContent).toBe('March 4, 2026');
    const img = dom.container.querySelector('[part="image"]')!;
    expect(img.getAttribute('srcset')).toContain('1600w');
    expect(img.getAttribute('alt')).toBe('Picture 1');
    const highlights = dom.container.querySelector('[part="highlights"]')!;
    expect([...highlights.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Know your budget', 'Get pre-approved']);
    expect(dom.container.querySelector('[part="body"] h2')!.textContent).toBe('Start here');
    expect(dom.container.querySelector('[part="post-tags"] button')!.textContent).toBe('Buying');
    const back = dom.container.querySelector<HTMLButtonElement>('[part="back"]')!;
    expect(back.tagName).toBe('BUTTON');
    act(() => back.click());
    expect(p.onBack).toHaveBeenCalled();
  });

  it('plays the video in the privacy-enhanced, sandboxed, lazily loaded frame with a title', () => {
    render(postProps());
    const frame = dom.container.querySelector('[part="video"] iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('title')).toBe(t.video('Post 1'));
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(frame.getAttribute('allow')).toContain('encrypted-media');
  });

  it('shows no frame for a video code that is not one', () => {
    render(postProps({ mode: { kind: 'post', state: { status: 'loaded', post: { ...post, videoCode: 'x" onload="alert(1)' } } } }));
    expect(dom.container.querySelector('iframe')).toBeNull();
    render(postProps({ mode: { kind: 'post', state: { status: 'loaded', post: { ...post, videoCode: null, image: null, highlights: [] } } } }));
    expect(dom.container.querySelector('iframe, [part="image"], [part="highlights"]')).toBeNull();
  });

  it('links back to base-url when the page has its own list', () => {
    render(postProps({ baseUrl: 'https://partner.test/blog' }));
    const back = dom.container.querySelector('[part="back"]')!;
    expect(back.tagName).toBe('A');
    expect(back.getAttribute('href')).toBe('https://partner.test/blog');
  });

  it('says so when the post does not exist, and offers a retry when it failed', () => {
    render(props({ mode: { kind: 'post', state: { status: 'missing' } } }));
    expect(base().getAttribute('data-state')).toBe('not-found');
    expect(dom.container.querySelector('h2')!.textContent).toBe(t.notFound);
    render(props({ mode: { kind: 'post', state: { status: 'failed' } } }));
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toContain(t.postFailed);
    render(props({ mode: { kind: 'post', state: { status: 'loading' } } }));
    expect(dom.container.querySelector('[role="status"]')!.textContent).toBe(t.loadingPost);
  });

  it('focuses the heading after the visitor navigated', () => {
    const p = postProps({ focusHeading: true });
    render(p);
    expect(document.activeElement).toBe(dom.container.querySelector('h2'));
    expect(p.onFocused).toHaveBeenCalled();
  });
});

describe('states from answers', () => {
  const failure = (code: string | null) => ({ ok: false as const, failure: { kind: 'server' as const, message: null, code, argument: null } });

  it('maps a page, an empty page, an unknown tag and a failure', () => {
    expect(listState(undefined, undefined, true)).toEqual({ status: 'loading' });
    expect(listState({ ok: true, value: pageOf([]) }, undefined, false)).toEqual({ status: 'empty' });
    expect(listState(failure('NOT_FOUND'), undefined, false)).toEqual({ status: 'tag-missing' });
    expect(listState(failure(null), undefined, false)).toEqual({ status: 'failed' });
    // A new page loads while the previous one stays on screen.
    const shown = { ok: true as const, value: pageOf([card(1)]) };
    expect(listState(undefined, shown, true)).toEqual({ status: 'loaded', page: shown.value, busy: true });
  });

  it('maps a post, a missing post and a failure', () => {
    expect(postState(undefined)).toEqual({ status: 'loading' });
    expect(postState({ ok: true, value: null })).toEqual({ status: 'missing' });
    expect(postState({ ok: true, value: post })).toEqual({ status: 'loaded', post });
    expect(postState(failure(null))).toEqual({ status: 'failed' });
  });
});

describe('attributes', () => {
  it('slug and tag take slugs only', () => {
    expect(slugAttr().parse('first-home')).toEqual({ ok: true, value: 'first-home' });
    expect(slugAttr().parse(null)).toEqual({ ok: true, value: null });
    expect(slugAttr().parse('<img src=x onerror=alert(1)>').ok).toBe(false);
    expect(slugAttr().parse('../admin').ok).toBe(false);
  });

  it('page-size is a whole number from 1 to 50', () => {
    expect(pageSizeAttr().parse(null)).toEqual({ ok: true, value: 12 });
    expect(pageSizeAttr().parse('6')).toEqual({ ok: true, value: 6 });
    for (const raw of ['0', '51', '2.5', 'ten', '-3']) expect(pageSizeAttr().parse(raw)).toMatchObject({ ok: false, value: 12 });
  });

  it('base-url is an absolute http(s) address', () => {
    expect(baseUrlAttr().parse('https://partner.test/blog/')).toEqual({ ok: true, value: 'https://partner.test/blog' });
    expect(baseUrlAttr().parse('javascript:alert(1)').ok).toBe(false);
    expect(baseUrlAttr().parse('/blog').ok).toBe(false);
  });
});

describe('Blog (connected)', () => {
  function handle() {
    const host = document.createElement('hearth-blog');
    document.body.append(host);
    const emitted: { name: string; detail: unknown }[] = [];
    const element: ElementHandle = { tag: 'hearth-blog', host, emit: (name, detail) => void emitted.push({ name, detail }) };
    return { host, element, emitted };
  }

  async function flush() {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  it('loads the list and the tags, pages, and opens a post inside itself', async () => {
    vi.mocked(api.loadTags).mockResolvedValue({ ok: true, value: tags });
    vi.mocked(api.loadPostPage).mockImplementation(async (_tag, page) => ({
      ok: true,
      value: pageOf([card(page)], { page, numPages: 2, total: 2, hasNext: page === 1, hasPrev: page === 2 }),
    }));
    const { host, element, emitted } = handle();
    dom.render(<Blog slug={null} tag={null} pageSize={1} baseUrl={null} element={element} />);
    await flush();
    expect(api.loadPostPage).toHaveBeenCalledWith(null, 1, 1);
    expect(dom.container.querySelector('[part="post-link"]')!.textContent).toBe('Post 1');

    act(() => dom.container.querySelector<HTMLButtonElement>('[part="next"]')!.click());
    await flush();
    expect(api.loadPostPage).toHaveBeenLastCalledWith(null, 2, 1);
    expect(dom.container.querySelector('[part="page-count"]')!.textContent).toBe('Page 2 of 2');

    const link = dom.container.querySelector<HTMLAnchorElement>('[part="post-link"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(host.getAttribute('slug')).toBe('post-2');
    expect(emitted).toEqual([{ name: 'post-selected', detail: { slug: 'post-2' } }]);

    act(() => dom.container.querySelector<HTMLButtonElement>('[part="tag-filter"] [data-slug="renting"]')!.click());
    expect(host.getAttribute('tag')).toBe('renting');
    expect(emitted.at(-1)).toEqual({ name: 'tag-selected', detail: { slug: 'renting' } });
    host.remove();
  });

  it("keeps the page's own markup on show, loading nothing, until the view changes (issue 38)", async () => {
    vi.mocked(api.loadTags).mockClear().mockResolvedValue({ ok: true, value: tags });
    vi.mocked(api.loadPostPage).mockClear().mockResolvedValue({ ok: true, value: pageOf([card(1)]) });
    vi.mocked(api.loadPost).mockClear();
    const { host, element } = handle();
    host.innerHTML = '<h2>Resources</h2><ul class="post-list"><li>Served post</li></ul>';
    dom.render(<Blog slug={null} tag={null} pageSize={12} baseUrl="https://hearth.test/resources" element={element} />);
    await flush();
    await flush();
    expect(dom.container.querySelector('slot')).not.toBeNull();
    expect(dom.container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('served');
    expect(dom.container.querySelector('[part="post-link"]')).toBeNull();
    expect(api.loadPostPage).not.toHaveBeenCalled();
    expect(api.loadTags).not.toHaveBeenCalled();

    // Another tag (set by the page or a script): the element's own view from here on, also when it comes back.
    dom.render(<Blog slug={null} tag="buying" pageSize={12} baseUrl="https://hearth.test/resources" element={element} />);
    await flush();
    expect(api.loadPostPage).toHaveBeenCalledWith('buying', 1, 12);
    expect(dom.container.querySelector('slot')).toBeNull();
    dom.render(<Blog slug={null} tag={null} pageSize={12} baseUrl="https://hearth.test/resources" element={element} />);
    await flush();
    expect(dom.container.querySelector('slot')).toBeNull();
    expect(dom.container.querySelector('[part="post-link"]')!.textContent).toBe('Post 1');
    host.remove();
  });

  it('lets the browser follow post links when base-url is set', async () => {
    vi.mocked(api.loadTags).mockResolvedValue({ ok: true, value: [] });
    vi.mocked(api.loadPostPage).mockResolvedValue({ ok: true, value: pageOf([card(1)]) });
    const { host, element, emitted } = handle();
    dom.render(<Blog slug={null} tag={null} pageSize={12} baseUrl="https://partner.test/blog" element={element} />);
    await flush();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void dom.container.querySelector('[part="post-link"]')!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(false);
    expect(host.hasAttribute('slug')).toBe(false);
    expect(emitted).toEqual([{ name: 'post-selected', detail: { slug: 'post-1' } }]);
    host.remove();
  });
});
