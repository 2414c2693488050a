/**
 * @summary The resource centre: post cards (image, title, subtitle, date, reading time, tags) with a tag
 * filter and paging, or one post when `slug` is set (title, subtitle, date, image, highlights, the body, the
 * post's video in YouTube's privacy-enhanced frame, its tags). Without `base-url` the element navigates
 * inside itself: choosing a post sets `slug`, choosing a tag sets `tag`, 'Back to all articles' removes
 * `slug`. Showing a video needs `frame-src https://www.youtube-nocookie.com` in the page's CSP. Markup the page
 * writes inside the element (a server-rendered list or post, as our hosted site does) is shown as it is until
 * the view changes to another post, tag or page: nothing loads, and nothing on the page moves, until then.
 * @tag hearth-blog
 * @attr {string} slug - One post to show, by its slug (e.g. `first-home-buyer-guide`); absent: the list.
 * @attr {string} tag - Show only the posts of this tag (its slug).
 * @attr {number} page-size - Posts per page, 1 to 50 (default 12).
 * @attr {string} base-url - Where post links go: `{base-url}/{slug}` (e.g. `https://example.com/resources`); absent: post links open the post inside the element.
 * @event {PostSelectedDetail} hearth-post-selected - The visitor chose a post; `detail` = `{ slug }`.
 * @event {TagSelectedDetail} hearth-tag-selected - The visitor chose a tag, or 'All articles'; `detail` = `{ slug }` (null for all).
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `loading`, `busy`, `loaded`, `empty`, `failed`, `tag-missing` (list) or `post`, `not-found`, `failed`, `loading` (one post); `served` while the page's own markup is on show.
 * @csspart heading - The list's heading, or the post's title.
 * @csspart tag-filter - The tag filter (toggle buttons, the chosen one `aria-pressed`).
 * @csspart tag - One tag button (in the filter, on a card or under a post).
 * @csspart list - The list of post cards.
 * @csspart card - One post card.
 * @csspart image - A post's picture (card or post).
 * @csspart card-title - A card's title.
 * @csspart post-link - The link of a card's title.
 * @csspart subtitle - A post's subtitle.
 * @csspart meta - Publish date and reading time.
 * @csspart card-tags - A card's tags.
 * @csspart paging - Previous, the page count and Next.
 * @csspart previous - The 'Previous' button.
 * @csspart next - The 'Next' button.
 * @csspart page-count - 'Page 1 of 3'.
 * @csspart empty - 'No posts yet'.
 * @csspart message - A not-found or loading-failed message.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart post - One post.
 * @csspart back - 'Back to all articles'.
 * @csspart highlights - The post's highlights box.
 * @csspart body - The post's text.
 * @csspart video - The post's video frame.
 * @csspart post-tags - The tags under a post.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Links, the chosen tag and buttons.
 * @cssproperty --hearth-color-on-primary - Text on the chosen tag.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Dates and subtitles.
 * @cssproperty --hearth-color-surface - Card background.
 * @cssproperty --hearth-color-surface-alt - The highlights box and loading placeholders.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { baseUrlAttr, pageSizeAttr, slugAttr } from '../../core/content/blog-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './blog.css?inline';
import postCss from './post-body.css?inline';
import { Blog } from './blog.view';

export const blogAttributes = {
  slug: slugAttr(),
  tag: slugAttr(),
  pageSize: pageSizeAttr(),
  baseUrl: baseUrlAttr(),
};

defineElement<typeof blogAttributes>({
  tag: 'hearth-blog',
  attributes: blogAttributes,
  styles: [uiCss, postCss, css],
  view: Blog,
});

export interface HearthBlogElement extends HTMLElement, ElementProperties<typeof blogAttributes> {}
