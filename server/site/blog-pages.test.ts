/**
 * The resource centre's hosted pages without JavaScript (blog-pages.ts): content, head and JSON-LD written by
 * the server, hidden posts not found, the editor page for editors only, the Atom feed and the sitemap.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { cookiesOf, postJson, signUp, STRONG_PASSWORD } from '../accounts/testing';
import { ATOM_NAMESPACE } from '../content/feed';
import { FEED_SIZE } from '../content/posts';
import { SEED_POSTS } from '../content/seed-posts';
import { startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

const HTML = { Accept: 'text/html' };
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { ...HTML, ...headers }, redirect: 'manual' });

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const metaContent = (html: string, attribute: 'name' | 'property', name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];

/** A post straight in the database (the GraphQL path is tested in server/content/posts.test.ts). */
async function insertPost(slug: string, publishDate: string | null, extra: { title?: string; videoCode?: string; unpublished?: boolean } = {}): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO posts (slug, title, markdown, body, publish_date, video_code, unpublished_at, meta_description)
     VALUES ($1, $2, 'Body text of the post.', '<p>Body text of the post.</p>', $3, $4, CASE WHEN $5::boolean THEN now() END, 'About it.') RETURNING id`,
    [slug, extra.title ?? `Post ${slug}`, publishDate, extra.videoCode ?? null, extra.unpublished ?? false],
  );
  await server.db.query("INSERT INTO post_tags (post_id, tag_id) SELECT $1, id FROM tags WHERE slug = 'market'", [rows[0]!.id]);
  return rows[0]!.id;
}

const HOUR = 3_600_000;

async function session(email: string): Promise<string> {
  const login = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
  return `sessionid=${cookiesOf(login).get('sessionid')}`;
}

describe('a post page without JavaScript', () => {
  const seed = SEED_POSTS[0]!;

  it('holds the title, the body text, the picture and the tags inside <hearth-blog slug>', async () => {
    const response = await get(`/resources/${seed.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const element = html.slice(html.indexOf(`<hearth-blog slug="${seed.slug}"`), html.indexOf('</hearth-blog>'));
    expect(element).toContain(`<h2>${seed.title}</h2>`);
    expect(html).toContain(`<h1 class="visually-hidden">${seed.title}</h1>`);
    expect(element).toContain('Get pre-approved');
    expect(element).toContain('<h2>1. Know your numbers</h2>');
    expect(element).toContain(`href="${server.url}/mortgage/calculator"`);
    expect(element).toContain(`srcset="${server.url}/media/posts/seed/${seed.slug}-480.webp 480w`);
    expect(element).toContain(`alt="${seed.image.alt}"`);
    expect(element).toContain(seed.highlights[0]!);
    expect(element).toContain('href="/resources/tag/buying"');
    expect(element).not.toMatch(/<script/);
  });

  it('has the head a search engine reads: title, description, canonical, Open Graph, feed link', async () => {
    const html = await (await get(`/resources/${seed.slug}`)).text();
    expect(html).toContain(`<title>${seed.title} — `);
    expect(metaContent(html, 'name', 'description')).toBe(seed.metaDescription);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/resources/${seed.slug}">`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe(`${server.url}/media/posts/seed/${seed.slug}-1600.webp`);
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="Resource Center — Atom feed" href="${server.url}/resources/feed.xml">`);
  });

  it('describes the post in JSON-LD: BlogPosting and BreadcrumbList', async () => {
    const [posting, crumbs] = jsonLd(await (await get(`/resources/${seed.slug}`)).text());
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: seed.title,
      description: seed.metaDescription,
      image: [`${server.url}/media/posts/seed/${seed.slug}-1600.webp`],
      url: `${server.url}/resources/${seed.slug}`,
      author: { '@type': 'Organization' },
      publisher: { '@type': 'Organization' },
    });
    expect(Date.parse(posting.datePublished)).toBeLessThan(Date.now());
    expect(Date.parse(posting.dateModified)).toBeGreaterThanOrEqual(Date.parse(posting.datePublished));
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { item: string }) => i.item)).toEqual([`${server.url}/`, `${server.url}/resources`, `${server.url}/resources/${seed.slug}`]);
  });

  it('shows a video in the privacy-enhanced frame, which the page CSP allows', async () => {
    const slug = `video-post-${process.pid}`;
    await insertPost(slug, new Date(Date.now() - HOUR).toISOString(), { videoCode: 'aB3_-x9Zq0L' });
    const response = await get(`/resources/${slug}`);
    const html = await response.text();
    expect(html).toContain('<iframe class="post-video" src="https://www.youtube-nocookie.com/embed/aB3_-x9Zq0L"');
    expect(html).toMatch(/<iframe[^>]* sandbox="allow-scripts allow-same-origin allow-presentation"/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(jsonLd(html)[0].video.embedUrl).toBe('https://www.youtube-nocookie.com/embed/aB3_-x9Zq0L');
  });

  it('escapes a hostile title everywhere it is written', async () => {
    const slug = `hostile-title-${process.pid}`;
    await insertPost(slug, new Date(Date.now() - HOUR).toISOString(), { title: '</script><script>alert(1)</script> & "quotes"' });
    const html = await (await get(`/resources/${slug}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(jsonLd(html)[0].headline).toBe('</script><script>alert(1)</script> & "quotes"');
  });

  it('is not found for drafts, scheduled and unpublished posts until they are public, and for unknown slugs', async () => {
    const draft = `draft-${process.pid}`;
    const scheduled = `scheduled-${process.pid}`;
    const unpublished = `unpublished-${process.pid}`;
    await insertPost(draft, null);
    const scheduledId = await insertPost(scheduled, new Date(Date.now() + HOUR).toISOString());
    await insertPost(unpublished, new Date(Date.now() - HOUR).toISOString(), { unpublished: true });
    for (const slug of [draft, scheduled, unpublished, 'no-such-post', 'Bad_Slug', 'a%2Fb', '%3Cscript%3E']) {
      expect((await get(`/resources/${slug}`)).status, slug).toBe(404);
    }
    await server.db.query("UPDATE posts SET publish_date = now() - interval '1 second' WHERE id = $1", [scheduledId]);
    expect((await get(`/resources/${scheduled}`)).status).toBe(200);
  });
});

describe('the list pages', () => {
  it('/resources lists the newest posts with tag links, paging and the feed, inside <hearth-blog>', async () => {
    const response = await get('/resources');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1 class="visually-hidden">Resource Center</h1>');
    expect(html).toMatch(/<hearth-blog page-size="12" base-url="[^"]+\/resources">/);
    const { rows } = await server.db.query<{ title: string }>(
      'SELECT title FROM posts WHERE publish_date <= now() AND unpublished_at IS NULL ORDER BY publish_date DESC, id DESC LIMIT 12',
    );
    for (const { title } of rows) expect(html).toContain(title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(html).toContain('href="/resources/tag/mortgage"');
    expect(html).toContain('<a rel="next" href="/resources?page=2">Next</a>');
    expect(html).toContain(`<link rel="next" href="${server.url}/resources?page=2">`);
    expect(html).toContain('href="/mortgage/calculator"');
    expect(jsonLd(html).map((d) => d['@type'])).toEqual(['Blog', 'BreadcrumbList']);
  });

  it('pages with ?page=; a page past the end or a malformed page is not found', async () => {
    const second = await get('/resources?page=2');
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/resources?page=2">`);
    expect(html).toContain('<a rel="prev" href="/resources">Previous</a>');
    for (const page of ['99', '0', '-1', 'abc', '1.5']) expect((await get(`/resources?page=${page}`)).status, page).toBe(404);
  });

  it('/resources/tag/{slug} lists that tag only; an unknown tag is not found', async () => {
    const response = await get('/resources/tag/stays');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<hearth-blog tag="stays"');
    expect(html).toContain('<h1 class="visually-hidden">Articles on Short stays</h1>');
    for (const post of SEED_POSTS) {
      if (post.tags.includes('stays')) expect(html).toContain(post.title);
      else expect(html).not.toContain(`>${post.title}<`);
    }
    expect(html).toContain(`<link rel="canonical" href="${server.url}/resources/tag/stays">`);
    expect((await get('/resources/tag/no-such-tag')).status).toBe(404);
    expect((await get('/resources/tag/stays/more')).status).toBe(404);
  });
});

describe('the editor page', () => {
  it('sends visitors to log in first', async () => {
    const response = await get('/resources/editor');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/log-in?next=%2Fresources%2Feditor');
  });

  it('refuses a signed-in user who is not an editor, and opens <hearth-blog-editor> for an editor', async () => {
    const { email, user } = await signUp(server);
    const cookie = await session(email);
    const refused = await get('/resources/editor', { Cookie: cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('<hearth-blog-editor');
    await server.db.query('UPDATE users SET is_editor = true WHERE id = $1', [user.id]);
    const allowed = await get('/resources/editor', { Cookie: cookie });
    expect(allowed.status).toBe(200);
    const html = await allowed.text();
    expect(html).toContain('<hearth-blog-editor></hearth-blog-editor>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('the demo editor (seeded outside production) may open it', async () => {
    const login = await postJson(server, '/v1/api/api-token-auth/', { username: 'editor@hearth.example', password: 'hearth-demo-editor', session: true });
    expect(login.status).toBe(200);
    const cookie = `sessionid=${cookiesOf(login).get('sessionid')}`;
    expect((await get('/resources/editor', { Cookie: cookie })).status).toBe(200);
  });
});

describe('the Atom feed', () => {
  const parse = (xml: string) => new new Window().DOMParser().parseFromString(xml, 'application/xml');

  it('is well-formed Atom 1.0 with the required elements, newest first, at most 20 entries', async () => {
    const response = await fetch(`${server.url}/resources/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    // Only the five XML entities and character references: anything else is not well-formed XML.
    expect(xml.match(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g)).toBeNull();
    const doc = parse(xml);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const feed = doc.documentElement as unknown as Element;
    expect(feed.tagName).toBe('feed');
    expect(feed.getAttribute('xmlns')).toBe(ATOM_NAMESPACE);
    const child = (parent: Element, name: string) => [...parent.children].filter((c) => c.tagName === name);
    expect(child(feed, 'id')[0]!.textContent).toBe(`${server.url}/resources`);
    expect(child(feed, 'title')[0]!.textContent).toMatch(/^Resource Center — /);
    expect(Number.isNaN(Date.parse(child(feed, 'updated')[0]!.textContent!))).toBe(false);
    expect(child(feed, 'author')).toHaveLength(1);
    expect(child(feed, 'link').map((l) => l.getAttribute('rel'))).toEqual(['self', 'alternate']);
    const entries = child(feed, 'entry');
    expect(entries.length).toBeGreaterThanOrEqual(12);
    expect(entries.length).toBeLessThanOrEqual(FEED_SIZE);
    const ids = new Set<string>();
    const published: number[] = [];
    for (const entry of entries as unknown as Element[]) {
      for (const required of ['id', 'title', 'updated', 'published', 'content']) expect(child(entry, required), required).toHaveLength(1);
      ids.add(child(entry, 'id')[0]!.textContent!);
      published.push(Date.parse(child(entry, 'published')[0]!.textContent!));
      const link = child(entry, 'link').find((l) => l.getAttribute('rel') === 'alternate')!;
      expect(link.getAttribute('href')!.startsWith(`${server.url}/resources/`)).toBe(true);
      expect(child(entry, 'content')[0]!.getAttribute('type')).toBe('html');
    }
    expect(ids.size).toBe(entries.length);
    expect(published).toEqual([...published].sort((a, b) => b - a));
  });

  it('escapes hostile text and holds no scheduled post', async () => {
    const hostile = `feed-hostile-${process.pid}`;
    const scheduled = `feed-scheduled-${process.pid}`;
    await insertPost(hostile, new Date().toISOString(), { title: 'Tom & Jerry <b>bold</b> "q" \u0001' });
    await insertPost(scheduled, new Date(Date.now() + HOUR).toISOString());
    const xml = await (await fetch(`${server.url}/resources/feed.xml`)).text();
    const doc = parse(xml);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const titles = [...doc.getElementsByTagName('entry')].map((e) => [...e.children].find((c) => c.tagName === 'title')!.textContent);
    expect(titles).toContain('Tom & Jerry <b>bold</b> "q" ');
    expect(xml).not.toContain(`/resources/${scheduled}`);
    expect(xml).not.toContain('\u0001');
  });
});

describe('the sitemap', () => {
  it('lists published posts and tags, not hidden ones', async () => {
    const hidden = `sitemap-scheduled-${process.pid}`;
    await insertPost(hidden, new Date(Date.now() + HOUR).toISOString());
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const post of SEED_POSTS) expect(xml).toContain(`<loc>${server.url}/resources/${post.slug}</loc>`);
    expect(xml).toContain(`<loc>${server.url}/resources/tag/renting</loc>`);
    expect(xml).not.toContain(hidden);
  });
});
