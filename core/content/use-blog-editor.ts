/**
 * Behaviour of <hearth-blog-editor>: follow the session (signed out → the sign-in prompt; signed in but not
 * an editor → the server's FORBIDDEN, shown as such), load the editor's posts, hold the form
 * (editor-form.ts), render the live preview on the server (postPreview, 300 ms after typing stops) and save,
 * publish, schedule or unpublish — each confirmed by a toast and `hearth-post-saved`.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { runtimeSettings } from '../config/config';
import { ensureSession, sessionAtom } from '../auth/session';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { contentTexts } from '../i18n/content';
import { useHearthValue } from '../state/hooks';
import { showToast } from '../ui/toasts';
import {
  loadEditorPosts,
  loadPostPreview,
  savePost,
  unpublishPost,
  uploadPostImage,
  type EditorPost,
  type EditorPostPage,
  type PostStatus,
  type UploadedPostImage,
} from './content-api';
import {
  editorFormReducer,
  initialEditorState,
  serverErrors,
  toPostInput,
  validateForm,
  type EditorField,
  type SaveAction,
} from './editor-form';

const t = contentTexts.editor;

/** Spec-free choice: long enough that typing does not ask the server on every key, short enough to feel live. */
export const PREVIEW_DELAY_MS = 300;
export const EDITOR_PAGE_SIZE = 20;

export type EditorListState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'forbidden' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; page: EditorPostPage };

/** The image upload beside the Image URL field: idle, sending, refused (the server's message) or done. */
export type ImageUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'failed'; message: string }
  | { status: 'uploaded'; image: UploadedPostImage };

/** What the image preview shows: the picture just uploaded (with its sizes), else the Image URL's picture. */
export function imagePreviewOf(upload: ImageUploadState, imageUrl: string, api: string): { url: string; srcset: string | null; alt: string } | null {
  const url = imageUrl.trim();
  if (upload.status === 'uploaded' && upload.image.url === url) return { url, srcset: upload.image.srcset, alt: upload.image.alt };
  if (/^https?:\/\/[^\s]+$/i.test(url)) return { url, srcset: null, alt: '' };
  if (/^\/media\/[^\s]+$/.test(url)) return { url: `${api}${url}`, srcset: null, alt: '' };
  return null;
}

export type PreviewState = { status: 'empty' } | { status: 'loading'; html: string | null } | { status: 'ready'; html: string } | { status: 'failed'; html: string | null };

/** `hearth-post-saved` detail. */
export interface PostSavedDetail {
  id: string;
  slug: string;
  status: PostStatus;
}

/** The list's answer as the view's state; exported for its tests. */
export function editorListState(session: 'checking' | 'anonymous' | 'authenticated', result: Result<EditorPostPage> | undefined): EditorListState {
  if (session === 'checking') return { status: 'checking' };
  if (session === 'anonymous') return { status: 'signed-out' };
  if (!result) return { status: 'loading' };
  if (result.ok) return { status: 'ready', page: result.value };
  if (result.failure.code === 'FORBIDDEN') return { status: 'forbidden' };
  if (result.failure.kind === 'unauthenticated') return { status: 'signed-out' };
  return { status: 'failed', message: result.failure.message ?? t.failed };
}

export function previewState(markdown: string, result: Result<string> | undefined, latest: Result<string> | undefined, loading: boolean): PreviewState {
  if (!markdown.trim()) return { status: 'empty' };
  const shown = latest?.ok ? latest.value : null;
  if (loading || !result) return { status: 'loading', html: shown };
  return result.ok ? { status: 'ready', html: result.value } : { status: 'failed', html: shown };
}

export function useBlogEditor(onSaved: (detail: PostSavedDetail) => void) {
  const session = useHearthValue(sessionAtom);
  const [page, setPage] = useState(1);
  const [state, dispatch] = useReducer(editorFormReducer, undefined, initialEditorState);
  const [busy, setBusy] = useState<SaveAction | 'unpublish' | null>(null);
  /** The last confirmation, also shown inline beside the buttons (the toast goes away). */
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const [imageUpload, setImageUpload] = useState<ImageUploadState>({ status: 'idle' });

  useEffect(() => {
    void ensureSession();
  }, []);

  const signedIn = session.status === 'authenticated';
  const userId = session.user?.id ?? null;
  const list = useLoad(signedIn ? `${userId}|${page}` : null, () => loadEditorPosts(page, EDITOR_PAGE_SIZE));
  const listState = editorListState(session.status, list.result ?? (list.loading ? list.latest : undefined));
  const ready = listState.status === 'ready';

  const markdown = state.form.markdown;
  const preview = useLoad(ready && markdown.trim() ? markdown : null, () => loadPostPreview(markdown), { delay: PREVIEW_DELAY_MS });

  const set = useCallback((field: EditorField, value: string) => {
    setConfirmation(null);
    dispatch({ type: 'set', field, value });
  }, []);

  const select = useCallback((post: EditorPost) => {
    setConfirmation(null);
    setImageUpload({ status: 'idle' });
    dispatch({ type: 'load', post });
  }, []);

  const newPost = useCallback(() => {
    setConfirmation(null);
    setImageUpload({ status: 'idle' });
    dispatch({ type: 'new' });
  }, []);

  /** Uploads the picture; once stored, its address fills the Image URL field (saved with the post). */
  const uploadImage = async (file: File, alt: string) => {
    if (imageUpload.status === 'uploading') return;
    setImageUpload({ status: 'uploading', fileName: file.name });
    const result = await uploadPostImage(file, alt.trim());
    if (!result.ok) {
      setImageUpload({ status: 'failed', message: result.failure.message ?? t.imageUpload.failed });
      return;
    }
    setImageUpload({ status: 'uploaded', image: result.value });
    set('imageUrl', result.value.url);
  };

  function finish(result: Result<EditorPost>) {
    setBusy(null);
    if (!result.ok) {
      const { fields, form } = serverErrors(result.failure);
      dispatch({ type: 'refused', errors: fields, formError: form });
      showToast({ message: t.saveFailed, tone: 'error' });
      return false;
    }
    const post = result.value;
    dispatch({ type: 'load', post });
    const message = t.saved[post.status];
    setConfirmation(message);
    showToast({ message, tone: 'success' });
    saved.current({ id: post.id, slug: post.slug, status: post.status });
    list.reload();
    return true;
  }

  /** Save draft, Save changes, Publish now or Schedule. */
  const save = async (action: SaveAction) => {
    if (busy) return false;
    const now = new Date();
    const errors = validateForm(state.form, action, now);
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'refused', errors, formError: t.fixErrors });
      setConfirmation(null);
      return false;
    }
    setBusy(action);
    setConfirmation(null);
    return finish(await savePost(state.postId, toPostInput(state.form, action, state.publishDate, now)));
  };

  const unpublish = async () => {
    if (busy || !state.postId) return false;
    setBusy('unpublish');
    setConfirmation(null);
    return finish(await unpublishPost(state.postId));
  };

  const signIn = useCallback(() => void requireSignIn(), []);

  return {
    listState,
    listBusy: list.loading,
    page,
    setPage,
    reloadList: list.reload,
    editor: state,
    preview: previewState(markdown, preview.result, preview.latest, preview.loading),
    busy,
    confirmation,
    set,
    select,
    newPost,
    save,
    unpublish,
    signIn,
    imageUpload,
    imagePreview: imagePreviewOf(imageUpload, state.form.imageUrl, runtimeSettings().api),
    uploadImage,
  };
}
