/**
 * Behaviour of <hearth-photo-management>: follow the session, load the case's photos, run the upload queue
 * (upload-queue.ts: a few at a time, progress, retry, cancel, refusals naming the file) and save each change
 * of order, cover, caption or deletion through updatePhotoManagement — shown at once, put back when the save
 * fails — announcing every change for screen readers.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ensureSession, sessionAtom } from '../auth/session';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { listingPhotoTexts as t } from '../i18n/listing-photos';
import { useHearthValue } from '../state/hooks';
import { loadListingPhotos, savePhotoManagement, uploadListingPhoto, type MediaObject, type SellerPhoto } from './listing-photos-api';
import { coverFirst, displayFileName, dropPhoto, movePhoto } from './photo-rules';
import { nextToStart, uploadQueue, type UploadEntry } from './upload-queue';

export type PhotoManagementStatus = 'no-case' | 'loading' | 'signed-out' | 'not-found' | 'failed' | 'ready';

export type PhotosChange = 'uploaded' | 'reordered' | 'cover' | 'caption' | 'deleted';

/** `hearth-photos-changed` detail: the listing's photos after a saved change, cover first. */
export interface PhotosChangedDetail {
  caseId: number;
  change: PhotosChange;
  photoIds: string[];
  coverId: string | null;
}

export interface UsePhotoManagementOptions {
  onChanged: (detail: PhotosChangedDetail) => void;
}

let fileCounter = 0;

export function usePhotoManagement(caseId: number | null, { onChanged }: UsePhotoManagementOptions) {
  const session = useHearthValue(sessionAtom);
  const [photos, setPhotos] = useState<SellerPhoto[]>([]);
  const [queue, dispatch] = useReducer(uploadQueue, []);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  /** The photo whose handle should have the focus after a move re-rendered the grid. */
  const [focusId, setFocusId] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const photosRef = useRef(photos);
  photosRef.current = photos;

  useEffect(() => {
    void ensureSession();
  }, []);

  const signedIn = session.status === 'authenticated';
  const load = useLoad(caseId === null || !signedIn ? null : `${caseId}|${session.user?.id ?? ''}`, () => loadListingPhotos(caseId!));
  useEffect(() => {
    if (load.result?.ok) setPhotos(load.result.value);
  }, [load.result]);

  let status: PhotoManagementStatus;
  if (caseId === null) status = 'no-case';
  else if (session.status === 'checking') status = 'loading';
  else if (!signedIn) status = 'signed-out';
  else if (!load.result) status = 'loading';
  else if (!load.result.ok) status = load.result.failure.kind === 'not-found' ? 'not-found' : load.result.failure.kind === 'unauthenticated' ? 'signed-out' : 'failed';
  else status = 'ready';

  const announce = useCallback((text: string) => setAnnouncement(text), []);

  const report = useCallback(
    (change: PhotosChange, list: SellerPhoto[]) => {
      if (caseId !== null) changed.current({ caseId, change, photoIds: list.map((p) => p.id), coverId: list[0]?.id ?? null });
    },
    [caseId],
  );

  // --- Uploads -------------------------------------------------------------------------------------

  /** The files uploaded since the seller last added some: the status line names them all (issue 36). */
  const uploadedNames = useRef<string[]>([]);

  const addFiles = useCallback((list: FileList | readonly File[]) => {
    uploadedNames.current = [];
    const added = [...list].map((file) => {
      const key = `f${++fileCounter}`;
      files.current.set(key, file);
      return { key, name: file.name, size: file.size };
    });
    if (added.length > 0) dispatch({ type: 'add', files: added });
  }, []);

  const start = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file || caseId === null) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      dispatch({ type: 'start', key });
      const answer: Result<SellerPhoto> = await uploadListingPhoto(file, caseId, {
        signal: controller.signal,
        onProgress: (loaded, total) => dispatch({ type: 'progress', key, loaded, total }),
      });
      controllers.current.delete(key);
      if (controller.signal.aborted) return;
      const entry = { name: file.name };
      if (answer.ok) {
        files.current.delete(key);
        dispatch({ type: 'done', key });
        const next = [...photosRef.current.filter((p) => p.id !== answer.value.id), answer.value];
        photosRef.current = next;
        setPhotos(next);
        uploadedNames.current.push(displayFileName(entry.name));
        announce(t.uploaded(new Intl.ListFormat('en-US', { type: 'conjunction' }).format(uploadedNames.current)));
        report('uploaded', next);
      } else if (answer.failure.code === 'PAYLOAD_TOO_LARGE') {
        dispatch({ type: 'refused', key, message: t.tooLargeForServer(displayFileName(entry.name)) });
      } else if (answer.failure.kind === 'invalid') {
        dispatch({ type: 'refused', key, message: answer.failure.message ?? t.unreadable(displayFileName(entry.name)) });
      } else if (answer.failure.kind === 'not-found' && answer.failure.code === 'NOT_FOUND') {
        dispatch({ type: 'refused', key, message: t.notFound });
      } else {
        dispatch({ type: 'failed', key, message: answer.failure.message ?? t.uploadFailed(displayFileName(entry.name)) });
      }
    },
    [caseId, announce, report],
  );

  useEffect(() => {
    if (status !== 'ready') return;
    for (const key of nextToStart(queue)) void start(key);
  }, [queue, status, start]);

  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    dispatch({ type: 'cancel', key });
  }, []);
  const retry = useCallback((key: string) => dispatch({ type: 'retry', key }), []);
  const dismiss = useCallback((key: string) => {
    files.current.delete(key);
    dispatch({ type: 'dismiss', key });
  }, []);

  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  // --- Changes -------------------------------------------------------------------------------------

  /** Shows `optimistic` at once, saves, then shows what the server answered (or puts the photos back). */
  const save = useCallback(
    async (optimistic: SellerPhoto[], media: MediaObject | null, deleteId: string | null, change: PhotosChange, done: string) => {
      if (caseId === null) return false;
      const before = photosRef.current;
      photosRef.current = optimistic;
      setPhotos(optimistic);
      setSaving(true);
      const answer = await savePhotoManagement(caseId, media, deleteId);
      setSaving(false);
      if (!answer.ok) {
        photosRef.current = before;
        setPhotos(before);
        announce(answer.failure.message && answer.failure.kind === 'invalid' ? answer.failure.message : t.saveFailed);
        if (answer.failure.kind === 'invalid') load.reload();
        return false;
      }
      photosRef.current = answer.value;
      setPhotos(answer.value);
      announce(done);
      report(change, answer.value);
      return true;
    },
    [caseId, announce, report, load],
  );

  const reorderTo = useCallback(
    (order: string[], movedId: string) => {
      const current = photosRef.current;
      if (order.join() === current.map((p) => p.id).join()) return;
      const byId = new Map(current.map((p) => [p.id, p]));
      const next = order.map((id, position) => ({ ...byId.get(id)!, position, isCover: position === 0 }));
      setFocusId(movedId);
      void save(next, { order }, null, 'reordered', t.moved(order.indexOf(movedId) + 1, order.length));
    },
    [save],
  );

  const move = useCallback((id: string, delta: number) => reorderTo(movePhoto(photosRef.current.map((p) => p.id), id, delta), id), [reorderTo]);
  const drop = useCallback((id: string, beforeId: string | null) => reorderTo(dropPhoto(photosRef.current.map((p) => p.id), id, beforeId), id), [reorderTo]);

  const setCover = useCallback(
    (id: string) => {
      const current = photosRef.current;
      const order = coverFirst(current.map((p) => p.id), id);
      const byId = new Map(current.map((p) => [p.id, p]));
      const next = order.map((pid, position) => ({ ...byId.get(pid)!, position, isCover: position === 0 }));
      setFocusId(id);
      void save(next, { coverId: id }, null, 'cover', t.coverSet);
    },
    [save],
  );

  const saveCaption = useCallback(
    (id: string, caption: string) => {
      const next = photosRef.current.map((p) => (p.id === id ? { ...p, caption: caption.trim() } : p));
      return save(next, { captions: [{ id, caption }] }, null, 'caption', t.captionSaved);
    },
    [save],
  );

  const remove = useCallback(
    (id: string) => {
      const next = photosRef.current.filter((p) => p.id !== id).map((p, position) => ({ ...p, position, isCover: position === 0 }));
      return save(next, null, id, 'deleted', t.deleted);
    },
    [save],
  );

  return {
    status,
    photos,
    queue: queue as UploadEntry[],
    announcement,
    saving,
    focusId,
    clearFocus: useCallback(() => setFocusId(null), []),
    reload: load.reload,
    addFiles,
    cancel,
    retry,
    dismiss,
    move,
    drop,
    setCover,
    saveCaption,
    remove,
  };
}

export type PhotoManagement = ReturnType<typeof usePhotoManagement>;
