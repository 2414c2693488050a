/**
 * <hearth-photo-management>: a seller's photos of one home (issue 19, spec §2 photo-management): a drop zone and
 * a file picker, each upload with its progress, Retry and Cancel (a refused file shows why, the others go on),
 * and the photos in order — the first is the cover — moved by drag and drop or by keyboard (Alt + arrow keys on
 * a photo's number, or the Earlier/Later buttons), set as cover, captioned and deleted after a confirm step.
 * `PhotoManagementView` only renders what it is given; `PhotoManagement` connects it to use-photo-management.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import type { SellerPhoto } from '../../core/listing-photos/listing-photos-api';
import { LISTING_PHOTO_ACCEPT, LISTING_PHOTO_CAPTION_MAX, LISTING_PHOTO_MAX_BYTES } from '../../core/listing-photos/photo-rules';
import type { UploadEntry } from '../../core/listing-photos/upload-queue';
import { usePhotoManagement, type PhotoManagement as PhotoManagementState, type PhotosChangedDetail } from '../../core/listing-photos/use-photo-management';
import { Button } from '../../core/ui/button';
import { ConfirmDialog } from '../../core/ui/confirm-dialog';
import { useNodesById } from '../../core/ui/use-nodes-by-id';

/** The drag of a photo inside the grid (files dragged in from the desktop carry `Files` instead). */
const PHOTO_DRAG_TYPE = 'application/x-hearth-photo';

export type PhotoManagementViewProps = PhotoManagementState;

// ---------------------------------------------------------------------------------------------------
// Uploads

function DropZone({ onFiles }: { onFiles: (files: FileList) => void }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const isFileDrag = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return (
    <div
      className="drop-zone"
      part="drop-zone"
      data-state={over ? 'over' : 'idle'}
      onDragOver={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      <p className="drop-zone-text">{t.dropZone}</p>
      <p className="drop-zone-or">{t.dropZoneOr}</p>
      <Button part="choose" onClick={() => input.current?.click()}>
        {t.choose}
      </Button>
      <input
        ref={input}
        className="visually-hidden"
        part="file-input"
        type="file"
        multiple
        accept={LISTING_PHOTO_ACCEPT}
        tabIndex={-1}
        aria-label={t.choose}
        onChange={(event) => {
          const files = event.currentTarget.files;
          if (files && files.length > 0) onFiles(files);
          event.currentTarget.value = '';
        }}
      />
      <p className="drop-zone-hint">{t.chooseHint(LISTING_PHOTO_MAX_BYTES)}</p>
    </div>
  );
}

function Uploads({ queue, onCancel, onRetry, onDismiss }: { queue: UploadEntry[]; onCancel: (key: string) => void; onRetry: (key: string) => void; onDismiss: (key: string) => void }) {
  if (queue.length === 0) return null;
  return (
    <ul className="uploads" part="uploads" aria-label={t.uploads}>
      {queue.map((entry) => {
        const running = entry.status === 'queued' || entry.status === 'uploading';
        return (
          <li key={entry.key} className="upload" part="upload" data-state={entry.status}>
            <span className="upload-name">{entry.name}</span>
            {running ? (
              <progress className="upload-progress" part="progress" max={100} value={entry.percent} aria-label={entry.percent >= 100 ? t.processing(entry.name) : t.uploading(entry.name, entry.percent)} />
            ) : null}
            {entry.message ? (
              <p className="upload-message" part="upload-message" role={entry.status === 'refused' || entry.status === 'failed' ? 'alert' : undefined}>
                {entry.message}
              </p>
            ) : null}
            <span className="upload-actions">
              {entry.status === 'failed' || entry.status === 'cancelled' ? (
                <Button tone="secondary" part="retry-upload" aria-label={t.retryLabel(entry.name)} onClick={() => onRetry(entry.key)}>
                  {t.retry}
                </Button>
              ) : null}
              {running ? (
                <Button tone="secondary" part="cancel-upload" aria-label={t.cancelLabel(entry.name)} onClick={() => onCancel(entry.key)}>
                  {t.cancel}
                </Button>
              ) : (
                <Button tone="secondary" part="dismiss-upload" aria-label={t.dismissLabel(entry.name)} onClick={() => onDismiss(entry.key)}>
                  {t.dismiss}
                </Button>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

// ---------------------------------------------------------------------------------------------------
// Photos

function Caption({ photo, n, onSave }: { photo: SellerPhoto; n: number; onSave: (id: string, caption: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState(photo.caption);
  useEffect(() => setDraft(photo.caption), [photo.caption]);
  const id = `caption-${photo.id}`;
  return (
    <form
      className="caption"
      part="caption"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() !== photo.caption) void onSave(photo.id, draft);
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t.captionLabel(n)}
      </label>
      <input id={id} className="caption-input" part="caption-input" type="text" maxLength={LISTING_PHOTO_CAPTION_MAX} placeholder={t.caption} value={draft} onInput={(event) => setDraft(event.currentTarget.value)} />
      <Button tone="secondary" type="submit" part="save-caption" disabled={draft.trim() === photo.caption}>
        {t.saveCaption}
      </Button>
    </form>
  );
}

type GridProps = Pick<PhotoManagementViewProps, 'photos' | 'focusId' | 'clearFocus' | 'move' | 'drop' | 'setCover' | 'saveCaption'> & {
  onDelete: (photo: SellerPhoto, n: number) => void;
};

function Grid({ photos, focusId, clearFocus, move, drop, setCover, saveCaption, onDelete }: GridProps) {
  const handles = useNodesById<HTMLButtonElement>();
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    handles.get(focusId)?.focus();
    clearFocus();
  }, [focusId, photos, clearFocus, handles]);

  const keyMove = (event: KeyboardEvent, id: string) => {
    if (!event.altKey) return;
    const delta = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    move(id, delta);
  };

  const total = photos.length;
  return (
    <>
      <p className="keyboard-hint" id="photo-keyboard-hint">
        {t.keyboardHint}
      </p>
      <ol className="grid" part="grid" aria-label={t.grid}>
        {photos.map((photo, index) => {
          const n = index + 1;
          const label = t.photoLabel(n, total, photo.caption);
          return (
            <li
              key={photo.id}
              className="photo"
              part="photo"
              data-id={photo.id}
              data-state={[photo.isCover ? 'cover' : 'photo', dragged === photo.id ? 'dragging' : '', target === photo.id && dragged !== photo.id ? 'drop-target' : ''].filter(Boolean).join(' ')}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id);
                event.dataTransfer.effectAllowed = 'move';
                setDragged(photo.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setTarget(null);
              }}
              onDragOver={(event) => {
                if (![...event.dataTransfer.types].includes(PHOTO_DRAG_TYPE)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setTarget(photo.id);
              }}
              onDrop={(event) => {
                const id = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
                if (!id) return;
                event.preventDefault();
                setDragged(null);
                setTarget(null);
                // Dropped on a later photo: after it; on an earlier one: before it.
                const from = photos.findIndex((p) => p.id === id);
                drop(id, from < index ? (photos[index + 1]?.id ?? null) : photo.id);
              }}
            >
              <div className="photo-frame">
                <img
                  loading="lazy"
                  className="photo-image"
                  part="image"
                  src={photo.url}
                  srcSet={photo.srcset}
                  sizes="(min-width: 720px) 240px, 45vw"
                  width={photo.width}
                  height={photo.height}
                  alt={photo.caption || t.photoLabel(n, total, '')}
                  draggable={false}
                />
                {photo.isCover ? (
                  <span className="cover-badge" part="cover-badge">
                    {t.cover}
                  </span>
                ) : null}
              </div>
              <div className="photo-tools">
                <button
                  type="button"
                  className="handle"
                  part="handle"
                  aria-label={label}
                  aria-describedby="photo-keyboard-hint"
                  ref={handles.ref(photo.id)}
                  onKeyDown={(event) => keyMove(event, photo.id)}
                >
                  {t.position(n)}
                </button>
                <Button tone="secondary" part="move-earlier" aria-label={t.moveEarlierLabel(n)} disabled={index === 0} onClick={() => move(photo.id, -1)}>
                  {t.moveEarlier}
                </Button>
                <Button tone="secondary" part="move-later" aria-label={t.moveLaterLabel(n)} disabled={index === total - 1} onClick={() => move(photo.id, 1)}>
                  {t.moveLater}
                </Button>
                {photo.isCover ? null : (
                  <Button tone="secondary" part="set-cover" aria-label={t.setCoverLabel(n)} onClick={() => setCover(photo.id)}>
                    {t.setCover}
                  </Button>
                )}
                <Button tone="secondary" part="delete" aria-label={t.deleteLabel(n)} onClick={() => onDelete(photo, n)}>
                  {t.delete}
                </Button>
              </div>
              <Caption photo={photo} n={n} onSave={saveCaption} />
            </li>
          );
        })}
      </ol>
    </>
  );
}

// ---------------------------------------------------------------------------------------------------
// The view

export function PhotoManagementView(props: PhotoManagementViewProps) {
  const [confirm, setConfirm] = useState<{ photo: SellerPhoto; n: number } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { status } = props;
  return (
    <section className="photo-management surface-panel" part="base" data-state={status} aria-busy={props.saving || undefined}>
      <h2 id="photo-management-heading" className="heading" part="heading">
        {t.heading}
      </h2>
      {status === 'loading' ? (
        <p className="message" part="message" role="status">
          {t.loading}
        </p>
      ) : status === 'signed-out' ? (
        <p className="message" part="message">
          {t.signIn}
        </p>
      ) : status === 'not-found' || status === 'no-case' ? (
        <p className="message" part="message" role="alert">
          {status === 'no-case' ? t.noCase : t.notFound}
        </p>
      ) : status === 'failed' ? (
        <div className="message" part="message" role="alert">
          <p>{t.loadFailed}</p>
          <Button part="retry" onClick={props.reload}>
            {t.tryAgain}
          </Button>
        </div>
      ) : (
        <>
          <p className="intro">{t.intro}</p>
          <DropZone onFiles={props.addFiles} />
          <Uploads queue={props.queue} onCancel={props.cancel} onRetry={props.retry} onDismiss={props.dismiss} />
          {props.photos.length === 0 ? (
            <p className="empty" part="empty" data-state="empty">
              {t.emptyGrid}
            </p>
          ) : (
            <Grid {...props} onDelete={(photo, n) => setConfirm({ photo, n })} />
          )}
        </>
      )}
      <p className="visually-hidden" part="announcer" aria-live="polite">
        {props.announcement}
      </p>
      {confirm ? (
        <ConfirmDialog
          title={t.confirmDeleteTitle}
          subTitle={t.confirmDeleteText}
          confirmText={t.confirmDelete}
          cancelText={t.keepPhoto}
          busy={deleting}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setDeleting(true);
            void props.remove(confirm.photo.id).then(() => {
              setDeleting(false);
              setConfirm(null);
            });
          }}
        >
          <img className="confirm-photo" src={confirm.photo.url} srcSet={confirm.photo.srcset} sizes="240px" alt={confirm.photo.caption || t.photoLabel(confirm.n, props.photos.length, '')} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

export interface PhotoManagementProps {
  caseId: number | null;
  element: ElementHandle;
}

export function PhotoManagement({ caseId, element }: PhotoManagementProps) {
  const h = usePhotoManagement(caseId, {
    onChanged: (detail) => element.emit<PhotosChangedDetail>('photos-changed', detail),
  });
  return <PhotoManagementView {...h} />;
}
