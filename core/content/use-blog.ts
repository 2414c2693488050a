/**
 * Behaviour of <hearth-blog>: the page of posts (all, or one tag's), the tags for the filter, or one post,
 * each loaded with useLoad and mapped onto the states the view draws. Which post, tag and page are shown is
 * the caller's (the element's attributes and its own page number).
 */
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { loadPost, loadPostPage, loadTags, type Post, type PostPage, type Tag } from './content-api';

export type BlogListState =
  | { status: 'loading' }
  /** `busy`: a new page or tag is loading while this one stays on screen. */
  | { status: 'loaded'; page: PostPage; busy: boolean }
  | { status: 'empty' }
  | { status: 'tag-missing' }
  | { status: 'failed' };

export type BlogPostState = { status: 'loading' } | { status: 'loaded'; post: Post } | { status: 'missing' } | { status: 'failed' };

/** A page's answer as the list's state; exported for its tests. */
export function listState(result: Result<PostPage> | undefined, shown: Result<PostPage> | undefined, loading: boolean): BlogListState {
  const current = result ?? (loading ? shown : undefined);
  if (!current) return { status: 'loading' };
  if (!current.ok) {
    if (current.failure.code === 'NOT_FOUND') return { status: 'tag-missing' };
    return { status: 'failed' };
  }
  if (current.value.total === 0 && current.value.posts.length === 0) return { status: 'empty' };
  return { status: 'loaded', page: current.value, busy: loading };
}

export function postState(result: Result<Post | null> | undefined): BlogPostState {
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: result.failure.code === 'NOT_FOUND' ? 'missing' : 'failed' };
  return result.value ? { status: 'loaded', post: result.value } : { status: 'missing' };
}

/** The list of posts for a tag (null: all) and page; nothing loads while a post is shown (`enabled` false). */
export function useBlogList(tag: string | null, page: number, pageSize: number, enabled: boolean) {
  const { result, latest, loading, reload } = useLoad(enabled ? `${tag ?? ''}|${page}|${pageSize}` : null, () => loadPostPage(tag, page, pageSize));
  return { state: listState(result, latest, loading), reload };
}

/** The tags of the filter; empty until (and unless) they load: the list works without them. */
export function useBlogTags(enabled: boolean): Tag[] {
  const { latest } = useLoad(enabled ? 'tags' : null, loadTags);
  return latest?.ok ? latest.value : [];
}

export function useBlogPost(slug: string | null) {
  const { result, reload } = useLoad(slug, () => loadPost(slug!));
  return { state: postState(result), reload };
}
