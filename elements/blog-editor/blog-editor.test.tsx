// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../core/auth/session';
import * as api from '../../core/content/content-api';
import type { EditorPost, EditorPostPage } from '../../core/content/content-api';
import { initialEditorState, toLocalInput } from '../../core/content/editor-form';
import { editorListState, previewState, PREVIEW_DELAY_MS } from '../../core/content/use-blog-editor';
import type { ElementHandle } from '../../core/define-element/define-element';
import { contentTexts } from '../../core/i18n/content';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { showToast } from '../../core/ui/toasts';
import { BlogEditor, BlogEditorView, type BlogEditorViewProps } from './blog-editor.view';

vi.mock('../../core/content/content-api', () => ({
  loadEditorPosts: vi.fn(),
  loadPostPreview: vi.fn(),
  savePost: vi.fn(),
  unpublishPost: vi.fn(),
  uploadPostImage: vi.fn(),
}));
vi.mock('../../core/ui/toasts', () => ({ showToast: vi.fn() }));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));


const t = contentTexts.editor;

const editorPost = (overrides: Partial<EditorPost> = {}): EditorPost => ({
  id: '7',
  slug: 'renting-101',
  title: 'Renting 101',
  subtitle: null,
  markdown: 'Read the lease.',
  highlights: [],
  metaDescription: null,
  publishDate: '2026-10-01T16:30:00.000Z',
  dateModified: '2026-11-20T10:00:00.000Z',
  imageUrl: null,
  videoCode: null,
  tagSlugs: ['renting'],
  status: 'PUBLISHED',
  ...overrides,
});

const pageOf = (posts: EditorPost[]): EditorPostPage => ({ posts, page: 1, numPages: 1, total: posts.length, hasNext: false, hasPrev: false });

const props = (overrides: Partial<BlogEditorViewProps> = {}): BlogEditorViewProps => ({
  listState: { status: 'ready', page: pageOf([editorPost(), editorPost({ id: '8', slug: 'later', title: 'Later', status: 'SCHEDULED', publishDate: '2027-01-01T09:00:00.000Z' })]) },
  editor: initialEditorState(),
  preview: { status: 'empty' },
  busy: null,
  confirmation: null,
  timeZone: 'UTC',
  focusInvalid: false,
  onFocused: vi.fn(),
  signIn: vi.fn(),
  reloadList: vi.fn(),
  setPage: vi.fn(),
  select: vi.fn(),
  newPost: vi.fn(),
  set: vi.fn(),
  save: vi.fn(),
  unpublish: vi.fn(),
  uploadImage: vi.fn(),
  ...overrides,
});

const dom = testRoot();
const render = (p: BlogEditorViewProps) => {
  dom.render(<BlogEditorView {...p} />);
  return dom.container;
};
const base = () => dom.container.querySelector('[part="base"]')!;
const labelled = (label: string) => {
  const element = [...dom.container.querySelectorAll('label')].find((l) => l.textContent?.replace(' *', '').trim() === label)!;
  return dom.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(element.htmlFor)}`)!;
};

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('BlogEditorView', () => {
  it('asks visitors to sign in, and tells accounts without the role', () => {
    const p = props({ listState: { status: 'signed-out' } });
    render(p);
    expect(base().getAttribute('data-state')).toBe('signed-out');
    expect(dom.container.textContent).toContain(t.signInPrompt);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="sign-in"]')!.click());
    expect(p.signIn).toHaveBeenCalled();

    render(props({ listState: { status: 'forbidden' } }));
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.forbidden);
    expect(dom.container.querySelector('form')).toBeNull();
  });

  it('lists the posts with status badges and opens one on click', () => {
    const p = props();
    render(p);
    const items = dom.container.querySelectorAll('[part="post-item"]');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('[part="status"]')!.textContent).toBe('Published');
    expect(items[1]!.querySelector('[part="status"]')!.textContent).toBe('Scheduled');
    expect(items[1]!.textContent).toContain(t.scheduledFor('Jan 1, 2027, 9:00 AM'));
    act(() => items[1]!.querySelector('button')!.click());
    expect(p.select).toHaveBeenCalledWith(expect.objectContaining({ id: '8' }));
  });

  it('labels every field, shows errors inline and wires them to their control', () => {
    const p = props({ editor: { ...initialEditorState(), errors: { slug: t.errors.slugPattern }, formError: t.fixErrors } });
    render(p);
    for (const label of Object.values(t.fields).filter((l) => !/\.$/.test(l))) expect(labelled(label), label).toBeTruthy();
    const slug = labelled(t.fields.slug);
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.querySelector(`#${CSS.escape(slug.getAttribute('aria-describedby')!)}`)!.textContent).toBe(t.errors.slugPattern);
    expect(dom.container.querySelector('[part="form-error"]')!.textContent).toBe(t.fixErrors);
    expect(labelled(t.fields.publishAt).getAttribute('type')).toBe('datetime-local');
  });

  it('offers Save draft, Publish now and Schedule for a new post; Save changes and Unpublish for a published one', () => {
    const p = props();
    render(p);
    const names = () => [...dom.container.querySelectorAll('[part="actions"] button')].map((b) => b.textContent);
    expect(names()).toEqual([t.saveDraft, t.publishNow, t.schedule]);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="publish"]')!.click());
    expect(p.save).toHaveBeenCalledWith('publish');
    act(() => void dom.container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(p.save).toHaveBeenCalledWith('draft');

    const live = props({ editor: { ...initialEditorState(), postId: '7', status: 'PUBLISHED', publishDate: '2026-10-01T16:30:00.000Z' } });
    render(live);
    expect(names()).toEqual([t.save, t.schedule, t.unpublish]);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="unpublish"]')!.click());
    expect(live.unpublish).toHaveBeenCalled();
  });

  it('shows the server’s preview HTML in the preview pane, keeping it while a new one loads', () => {
    render(props({ preview: { status: 'ready', html: '<p><strong>Bold</strong></p>' } }));
    expect(dom.container.querySelector('[part="preview"] strong')!.textContent).toBe('Bold');
    render(props({ preview: { status: 'loading', html: '<p>Old</p>' } }));
    expect(dom.container.querySelector('[part="preview-pane"]')!.getAttribute('aria-busy')).toBe('true');
    expect(dom.container.querySelector('[part="preview"]')!.textContent).toBe('Old');
    render(props({ preview: { status: 'empty' } }));
    expect(dom.container.querySelector('[part="preview-pane"]')!.textContent).toContain(t.previewEmpty);
  });

  it('announces the confirmation in a status region', () => {
    render(props({ confirmation: t.saved.PUBLISHED }));
    const status = dom.container.querySelector('[part="confirmation"]')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Post published.');
  });
});

describe('editor states from answers', () => {
  it('maps the session and the list answer', () => {
    expect(editorListState('checking', undefined)).toEqual({ status: 'checking' });
    expect(editorListState('anonymous', undefined)).toEqual({ status: 'signed-out' });
    expect(editorListState('authenticated', undefined)).toEqual({ status: 'loading' });
    expect(editorListState('authenticated', { ok: false, failure: { kind: 'server', message: 'No', code: 'FORBIDDEN', argument: null } })).toEqual({ status: 'forbidden' });
    expect(editorListState('authenticated', { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } })).toEqual({ status: 'failed', message: t.failed });
  });

  it('maps the preview', () => {
    expect(previewState('  ', undefined, undefined, false)).toEqual({ status: 'empty' });
    expect(previewState('x', undefined, { ok: true, value: '<p>a</p>' }, true)).toEqual({ status: 'loading', html: '<p>a</p>' });
    expect(previewState('x', { ok: true, value: '<p>x</p>' }, { ok: true, value: '<p>x</p>' }, false)).toEqual({ status: 'ready', html: '<p>x</p>' });
  });
});

describe('BlogEditor (connected)', () => {
  const element = (): ElementHandle & { emitted: { name: string; detail: unknown }[] } => {
    const emitted: { name: string; detail: unknown }[] = [];
    return { tag: 'hearth-blog-editor', host: document.createElement('hearth-blog-editor'), emit: (name, detail) => void emitted.push({ name, detail }), emitted };
  };
  const type = (control: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!;
    act(() => {
      setter.call(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  async function flush(ms = 0) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5, email: 'editor@hearth.example' }, token: 'tok' });
  });

  it('previews the Markdown once typing settles, saves a draft and reports it', async () => {
    vi.mocked(api.loadEditorPosts).mockResolvedValue({ ok: true, value: pageOf([]) });
    vi.mocked(api.loadPostPreview).mockImplementation(async (markdown) => ({ ok: true, value: `<p>${markdown.length} chars</p>` }));
    vi.mocked(api.savePost).mockImplementation(async (_id, input) => ({ ok: true, value: editorPost({ id: '9', slug: input.slug, title: input.title, status: 'DRAFT', publishDate: null }) }));
    const handle = element();
    dom.render(<BlogEditor element={handle} />);
    await flush();
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe(t.empty);

    type(labelled(t.fields.title), 'Closing costs, explained');
    expect(labelled(t.fields.slug).value).toBe('closing-costs-explained');
    type(labelled(t.fields.markdown), 'Hel');
    type(labelled(t.fields.markdown), 'Hello');
    await flush(PREVIEW_DELAY_MS - 50);
    expect(api.loadPostPreview).not.toHaveBeenCalled();
    await flush(100);
    expect(api.loadPostPreview).toHaveBeenCalledTimes(1);
    expect(api.loadPostPreview).toHaveBeenCalledWith('Hello');
    expect(dom.container.querySelector('[part="preview"]')!.textContent).toBe('5 chars');

    act(() => dom.container.querySelector<HTMLButtonElement>('[part="save"]')!.click());
    await flush();
    expect(api.savePost).toHaveBeenCalledWith(null, expect.objectContaining({ slug: 'closing-costs-explained', title: 'Closing costs, explained', markdown: 'Hello', publishDate: null }));
    expect(handle.emitted).toEqual([{ name: 'post-saved', detail: { id: '9', slug: 'closing-costs-explained', status: 'DRAFT' } }]);
    expect(showToast).toHaveBeenCalledWith({ message: t.saved.DRAFT, tone: 'success' });
    expect(dom.container.querySelector('[part="confirmation"]')!.textContent).toBe(t.saved.DRAFT);
    expect(api.loadEditorPosts).toHaveBeenCalledTimes(2);
  });

  it('uploads a picture with its description, fills Image URL with its address and previews it in its sizes; a refusal is shown', async () => {
    vi.mocked(api.loadEditorPosts).mockResolvedValue({ ok: true, value: pageOf([]) });
    const image = { url: 'https://api.test/media/posts/ab12-1600.webp', srcset: 'https://api.test/media/posts/ab12-480.webp 480w, https://api.test/media/posts/ab12-1600.webp 1600w', width: 1600, height: 900, alt: 'Keys on a table' };
    vi.mocked(api.uploadPostImage).mockResolvedValueOnce({ ok: false, failure: { kind: 'invalid', message: 'notes.png is not a JPEG, PNG, WebP or GIF image.', code: 'BAD_USER_INPUT', argument: 'file' } });
    vi.mocked(api.uploadPostImage).mockResolvedValueOnce({ ok: true, value: image });
    dom.render(<BlogEditor element={element()} />);
    await flush();
    const group = dom.container.querySelector('[part="image-upload"]')!;
    const status = dom.container.querySelector('[part="image-status"]')!;
    // Nothing chosen: said so, nothing sent.
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="image-upload-button"]')!.click());
    expect(status.textContent).toBe(t.imageUpload.chooseFirst);
    expect(status.getAttribute('role')).toBe('alert');
    expect(api.uploadPostImage).not.toHaveBeenCalled();

    const file = new File([new Uint8Array([1, 2, 3])], 'keys.png', { type: 'image/png' });
    const input = labelled(t.fields.imageFileLabel) as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    type(labelled(t.fields.imageAlt), 'Keys on a table');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="image-upload-button"]')!.click());
    await flush();
    expect(api.uploadPostImage).toHaveBeenLastCalledWith(file, 'Keys on a table');
    expect(group.getAttribute('data-state')).toBe('failed');
    expect(status.textContent).toBe('notes.png is not a JPEG, PNG, WebP or GIF image.');
    expect(labelled(t.fields.imageUrl).value).toBe('');

    act(() => dom.container.querySelector<HTMLButtonElement>('[part="image-upload-button"]')!.click());
    await flush();
    expect(group.getAttribute('data-state')).toBe('uploaded');
    expect(status.textContent).toBe(t.imageUpload.uploaded);
    expect(labelled(t.fields.imageUrl).value).toBe(image.url);
    const preview = dom.container.querySelector<HTMLImageElement>('[part="image-preview"]')!;
    expect(preview.getAttribute('src')).toBe(image.url);
    expect(preview.getAttribute('srcset')).toBe(image.srcset);
    expect(preview.getAttribute('alt')).toBe('Keys on a table');
    // Another address typed in: its picture is previewed, without the sizes of the upload.
    type(labelled(t.fields.imageUrl), 'https://api.test/media/posts/cd34-800.webp');
    expect(dom.container.querySelector('[part="image-preview"]')!.getAttribute('src')).toBe('https://api.test/media/posts/cd34-800.webp');
    expect(dom.container.querySelector('[part="image-preview"]')!.hasAttribute('srcset')).toBe(false);
  });

  it('refuses to send an invalid form, focusing the first invalid field; shows the server’s refusal on its field', async () => {
    vi.mocked(api.loadEditorPosts).mockResolvedValue({ ok: true, value: pageOf([]) });
    vi.mocked(api.loadPostPreview).mockResolvedValue({ ok: true, value: '<p>x</p>' });
    vi.mocked(api.savePost).mockResolvedValue({ ok: false, failure: { kind: 'invalid', message: 'That slug is taken.', code: 'BAD_USER_INPUT', argument: 'slug' } });
    dom.render(<BlogEditor element={element()} />);
    await flush();

    type(labelled(t.fields.slug), 'Bad Slug');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="schedule"]')!.click());
    await flush();
    expect(api.savePost).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(labelled(t.fields.title));
    expect(dom.container.textContent).toContain(t.errors.slugPattern);
    expect(dom.container.textContent).toContain(t.errors.publishAtRequired);

    type(labelled(t.fields.title), 'Taken');
    type(labelled(t.fields.slug), 'taken');
    type(labelled(t.fields.markdown), 'Body');
    type(labelled(t.fields.publishAt), toLocalInput(new Date(Date.now() + 86_400_000).toISOString()));
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="schedule"]')!.click());
    await flush();
    expect(api.savePost).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.savePost).mock.calls[0]![1].publishDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(dom.container.textContent).toContain('That slug is taken.');
    expect(labelled(t.fields.slug).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(labelled(t.fields.slug));
  });

  it('unpublishes the open post', async () => {
    vi.mocked(api.loadEditorPosts).mockResolvedValue({ ok: true, value: pageOf([editorPost()]) });
    vi.mocked(api.loadPostPreview).mockResolvedValue({ ok: true, value: '<p>Read the lease.</p>' });
    vi.mocked(api.unpublishPost).mockResolvedValue({ ok: true, value: editorPost({ status: 'UNPUBLISHED' }) });
    const handle = element();
    dom.render(<BlogEditor element={handle} />);
    await flush();
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="edit-post"]')!.click());
    expect(labelled(t.fields.title).value).toBe('Renting 101');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="unpublish"]')!.click());
    await flush();
    expect(api.unpublishPost).toHaveBeenCalledWith('7');
    expect(handle.emitted).toEqual([{ name: 'post-saved', detail: { id: '7', slug: 'renting-101', status: 'UNPUBLISHED' } }]);
    expect(dom.container.querySelector('[part="form-status"]')!.textContent).toBe('Unpublished');
  });
});
