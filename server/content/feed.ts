/**
 * The resource centre's Atom 1.0 feed (RFC 4287) at /resources/feed.xml: the FEED_SIZE newest published
 * posts, each with its summary, full sanitised HTML (escaped as `type="html"`), tags as categories and its
 * picture as an enclosure link. Every text is XML-escaped and stripped of the characters XML 1.0 forbids.
 */
import { bodyOnOrigin } from './markdown';
import { postImageUrls } from './images';
import type { PostRecord } from './posts';

export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** Characters XML 1.0 does not allow at all (control characters other than tab, newline, return; U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const escapeXml = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export interface FeedSite {
  /** The website's name (the partner's brand). */
  name: string;
  publicOrigin: string;
}

/** A post's permanent Atom id: a tag URI on our host naming the post's id (its slug may change). */
const entryId = (post: PostRecord, host: string) => `tag:${host},2026:post-${post.id}`;

function entry(post: PostRecord, site: FeedSite, host: string): string {
  const url = `${site.publicOrigin}/resources/${post.slug}`;
  const summary = post.metaDescription ?? post.subtitle;
  const image = post.image ? postImageUrls(post.image, site.publicOrigin).url : null;
  return `  <entry>
    <title type="text">${escapeXml(post.title)}</title>
    <id>${escapeXml(entryId(post, host))}</id>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
${image ? `    <link rel="enclosure" type="image/webp" href="${escapeXml(image)}"/>\n` : ''}    <published>${post.publishDate!.toISOString()}</published>
    <updated>${post.dateModified.toISOString()}</updated>
${summary ? `    <summary type="text">${escapeXml(summary)}</summary>\n` : ''}${post.tags
    .map((tag) => `    <category term="${escapeXml(tag.slug)}" label="${escapeXml(tag.title)}" scheme="${escapeXml(`${site.publicOrigin}/resources/tag/`)}"/>\n`)
    .join('')}    <content type="html">${escapeXml(bodyOnOrigin(post.body, site.publicOrigin))}</content>
  </entry>
`;
}

/** The feed document of `posts` (newest first). */
export function atomFeed(posts: readonly PostRecord[], site: FeedSite, title: string, subtitle: string): string {
  const host = new URL(site.publicOrigin).host;
  const updated = posts.reduce<Date | null>((latest, p) => (!latest || p.dateModified > latest ? p.dateModified : latest), null) ?? new Date(0);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="${ATOM_NAMESPACE}">
  <title type="text">${escapeXml(`${title} — ${site.name}`)}</title>
  <subtitle type="text">${escapeXml(subtitle)}</subtitle>
  <id>${escapeXml(`${site.publicOrigin}/resources`)}</id>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${site.publicOrigin}/resources/feed.xml`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${site.publicOrigin}/resources`)}"/>
  <updated>${updated.toISOString()}</updated>
  <author><name>${escapeXml(site.name)}</name><uri>${escapeXml(`${site.publicOrigin}/`)}</uri></author>
  <generator>Hearth</generator>
${posts.map((post) => entry(post, site, host)).join('')}</feed>
`;
}
