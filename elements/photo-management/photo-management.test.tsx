// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../core/auth/session';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import * as api from '../../core/listing-photos/listing-photos-api';
import type { SellerPhoto } from '../../core/listing-photos/listing-photos-api';
import { CANCELLED } from '../../core/graphql/upload';
import { hearthStore } from '../../core/state/store';
import type { ElementHandle } from '../../core/define-element/define-element';
import { testRoot } from '../../core/testing/react-root';
import { PhotoManagement } from './photo-management.view';

vi.mock('../../core/listing-photos/listing-photos-api', async (original) => ({
  ...(await original<typeof import('../../core/listing-photos/listing-photos-api')>()),
  loadListingPhotos: vi.fn(),
  savePhotoManagement: vi.fn(),
  uploadListingPhoto: vi.fn(),
}));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));

const photo = (id: string, position: number, caption = ''): SellerPhoto => ({
  id,
  position,
  isCover: position === 0,
  caption,
  width: 1600,
  height: 1200,
  url: `https://api.test/media/listing-photos/9/${id.padStart(24, '0')}-1600.jpg`,
  srcset: `https://api.test/media/listing-photos/9/${id.padStart(24, '0')}-400.webp 400w`,
  jpegSrcset: `https://api.test/media/listing-photos/9/${id.padStart(24, '0')}-400.jpg 400w`,
});

const dom = testRoot();
const emit = vi.fn();
const element = { tag: 'hearth-photo-management', host: document.createElement('div'), emit } as unknown as ElementHandle;

beforeEach(() => {
  hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 } as never, token: 'tok' });
});

afterEach(() => {
  vi.clearAllMocks();
});

const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
});

async function mount(caseId: number | null = 42) {
  dom.render(<PhotoManagement caseId={caseId} element={element} />);
  await flush();
}

const base = () => dom.container.querySelector('[part="base"]')!;
const ids = () => [...dom.container.querySelectorAll<HTMLElement>('[part="photo"]')].map((li) => li.dataset.id);
const announcer = () => dom.container.querySelector('[part="announcer"]')!.textContent;

describe('<hearth-photo-management> states', () => {
  it('shows loading, then the photos with the first as cover', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: [photo('1', 0), photo('2', 1, 'Kitchen')] });
    await mount();
    expect(base().getAttribute('data-state')).toBe('ready');
    expect(ids()).toEqual(['1', '2']);
    const images = [...dom.container.querySelectorAll<HTMLImageElement>('[part="image"]')];
    expect(images.map((i) => i.alt)).toEqual([t.photoLabel(1, 2, ''), 'Kitchen']);
    expect(images[0]!.getAttribute('srcset')).toContain('-400.webp 400w');
    expect(dom.container.querySelectorAll('[part="cover-badge"]')).toHaveLength(1);
    expect(dom.container.querySelector('[part="photo"][data-id="1"] [part="set-cover"]')).toBeNull();
    expect(vi.mocked(api.loadListingPhotos)).toHaveBeenCalledWith(42);
  });

  it('says when there are no photos, when the case is not the viewer’s, when loading failed, and to sign in', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValueOnce({ ok: true, value: [] });
    await mount();
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe(t.emptyGrid);

    dom.remount();
    vi.mocked(api.loadListingPhotos).mockResolvedValueOnce({ ok: false, failure: { kind: 'not-found', message: 'Case not found.', code: 'NOT_FOUND', argument: null } });
    await mount(43);
    expect(base().getAttribute('data-state')).toBe('not-found');
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe(t.notFound);

    dom.remount();
    vi.mocked(api.loadListingPhotos).mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    await mount(44);
    expect(base().getAttribute('data-state')).toBe('failed');
    vi.mocked(api.loadListingPhotos).mockResolvedValueOnce({ ok: true, value: [photo('1', 0)] });
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    await flush();
    expect(base().getAttribute('data-state')).toBe('ready');

    dom.remount();
    await mount(null);
    expect(base().getAttribute('data-state')).toBe('no-case');
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe(t.noCase);

    dom.remount();
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    await mount(45);
    expect(base().getAttribute('data-state')).toBe('signed-out');
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe(t.signIn);
  });
});

describe('<hearth-photo-management> uploads', () => {
  it('uploads every chosen file; a refused one shows the server’s message while the others are added', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: [photo('1', 0)] });
    vi.mocked(api.uploadListingPhoto).mockImplementation(async (file) => {
      const name = (file as File).name;
      if (name === 'notes.jpg') return { ok: false, failure: { kind: 'invalid', message: t.notAnImage('notes.jpg'), code: 'BAD_USER_INPUT', argument: 'file' } };
      if (name === 'flaky.jpg') return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
      return { ok: true, value: photo(name === 'a.jpg' ? '2' : '3', name === 'a.jpg' ? 1 : 2) };
    });
    await mount();
    const input = dom.container.querySelector<HTMLInputElement>('[part="file-input"]')!;
    const files = ['a.jpg', 'notes.jpg', 'b.jpg', 'flaky.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    await flush();
    await flush();

    expect(ids()).toEqual(['1', '2', '3']);
    const uploads = [...dom.container.querySelectorAll<HTMLElement>('[part="upload"]')];
    expect(uploads.map((u) => u.dataset.state)).toEqual(['refused', 'failed']);
    expect(uploads[0]!.querySelector('[part="upload-message"]')!.textContent).toBe(t.notAnImage('notes.jpg'));
    expect(uploads[0]!.querySelector('[part="upload-message"]')!.getAttribute('role')).toBe('alert');
    expect(uploads[0]!.querySelector('[part="retry-upload"]')).toBeNull();
    expect(uploads[1]!.querySelector('[part="upload-message"]')!.textContent).toBe(t.uploadFailed('flaky.jpg'));
    expect(emit).toHaveBeenCalledWith('photos-changed', expect.objectContaining({ caseId: 42, change: 'uploaded' }));

    // Retry of the failed one.
    vi.mocked(api.uploadListingPhoto).mockResolvedValueOnce({ ok: true, value: photo('4', 3) });
    act(() => uploads[1]!.querySelector<HTMLButtonElement>('[part="retry-upload"]')!.click());
    await flush();
    expect(ids()).toEqual(['1', '2', '3', '4']);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="dismiss-upload"]')!.click());
    expect(dom.container.querySelector('[part="uploads"]')).toBeNull();
  });

  it('cancels an upload under way', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: [] });
    vi.mocked(api.uploadListingPhoto).mockImplementation(
      (_file, _case, options) =>
        new Promise((resolve) => options?.signal?.addEventListener('abort', () => resolve({ ok: false, failure: CANCELLED }))),
    );
    await mount();
    const input = dom.container.querySelector<HTMLInputElement>('[part="file-input"]')!;
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'slow.jpg')], configurable: true });
    act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    await flush();
    expect(dom.container.querySelector<HTMLElement>('[part="upload"]')!.dataset.state).toBe('uploading');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="cancel-upload"]')!.click());
    await flush();
    expect(dom.container.querySelector<HTMLElement>('[part="upload"]')!.dataset.state).toBe('cancelled');
    expect(dom.container.querySelector('[part="retry-upload"]')).not.toBeNull();
  });
});

describe('<hearth-photo-management> changes', () => {
  const three = () => [photo('1', 0), photo('2', 1), photo('3', 2)];

  it('moves a photo with Alt + arrow keys, saves the order, keeps the focus on it and announces the move', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: three() });
    vi.mocked(api.savePhotoManagement).mockResolvedValue({ ok: true, value: [photo('2', 0), photo('1', 1), photo('3', 2)] });
    await mount();
    const handle = dom.container.querySelector<HTMLButtonElement>('[part="photo"][data-id="2"] [part="handle"]')!;
    handle.focus();
    // Without Alt an arrow key does nothing.
    act(() => handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(api.savePhotoManagement).not.toHaveBeenCalled();
    act(() => handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', altKey: true, bubbles: true })));
    await flush();
    expect(api.savePhotoManagement).toHaveBeenCalledWith(42, { order: ['2', '1', '3'] }, null);
    expect(ids()).toEqual(['2', '1', '3']);
    expect(announcer()).toBe(t.moved(1, 3));
    expect(dom.container.querySelector('[part="photo"][data-id="2"]')!.getAttribute('data-state')).toContain('cover');
    expect((dom.container.querySelector('[part="photo"][data-id="2"] [part="handle"]') as HTMLElement) === document.activeElement).toBe(true);
    expect(emit).toHaveBeenCalledWith('photos-changed', { caseId: 42, change: 'reordered', photoIds: ['2', '1', '3'], coverId: '2' });
  });

  it('puts the order back and says so when the save fails', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: three() });
    vi.mocked(api.savePhotoManagement).mockResolvedValue({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    await mount();
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="photo"][data-id="1"] [part="move-later"]')!.click());
    await flush();
    expect(ids()).toEqual(['1', '2', '3']);
    expect(announcer()).toBe(t.saveFailed);
  });

  it('sets the cover, saves a caption, and deletes only after the confirm step', async () => {
    vi.mocked(api.loadListingPhotos).mockResolvedValue({ ok: true, value: three() });
    await mount();
    vi.mocked(api.savePhotoManagement).mockResolvedValueOnce({ ok: true, value: [photo('3', 0), photo('1', 1), photo('2', 2)] });
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="photo"][data-id="3"] [part="set-cover"]')!.click());
    await flush();
    expect(api.savePhotoManagement).toHaveBeenLastCalledWith(42, { coverId: '3' }, null);
    expect(ids()).toEqual(['3', '1', '2']);
    expect(announcer()).toBe(t.coverSet);

    vi.mocked(api.savePhotoManagement).mockResolvedValueOnce({ ok: true, value: [photo('3', 0), photo('1', 1, 'Porch'), photo('2', 2)] });
    const input = dom.container.querySelector<HTMLInputElement>('[part="photo"][data-id="1"] [part="caption-input"]')!;
    act(() => {
      input.value = 'Porch';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => dom.container.querySelector<HTMLFormElement>('[part="photo"][data-id="1"] [part="caption"]')!.requestSubmit());
    await flush();
    expect(api.savePhotoManagement).toHaveBeenLastCalledWith(42, { captions: [{ id: '1', caption: 'Porch' }] }, null);
    expect(announcer()).toBe(t.captionSaved);

    act(() => dom.container.querySelector<HTMLButtonElement>('[part="photo"][data-id="2"] [part="delete"]')!.click());
    expect(api.savePhotoManagement).toHaveBeenCalledTimes(2);
    const dialog = dom.container.querySelector('[part~="confirm-dialog"]')!;
    expect(dialog.textContent).toContain(t.confirmDeleteTitle);
    vi.mocked(api.savePhotoManagement).mockResolvedValueOnce({ ok: true, value: [photo('3', 0), photo('1', 1, 'Porch')] });
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === t.confirmDelete)!;
    act(() => confirm.click());
    await flush();
    expect(api.savePhotoManagement).toHaveBeenLastCalledWith(42, null, '2');
    expect(ids()).toEqual(['3', '1']);
    expect(dom.container.querySelector('[part~="confirm-dialog"]')).toBeNull();
    expect(announcer()).toBe(t.deleted);
  });
});
