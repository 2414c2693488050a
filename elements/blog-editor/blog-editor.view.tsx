/**
 * <hearth-blog-editor>: the resource centre's editors write posts — their posts with status badges, a form
 * with labelled fields and inline errors, a Markdown text with a live preview rendered by the server, and
 * Save draft / Save changes, Publish now, Schedule and Unpublish. `BlogEditorView` only renders what it is
 * given; `BlogEditor` connects it to core/content/use-blog-editor.ts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { EditorPost } from '../../core/content/content-api';
import { actionsFor, type EditorField, type EditorFormState, type SaveAction } from '../../core/content/editor-form';
import { formatPostDateTime } from '../../core/content/post-format';
import { useBlogEditor, type EditorListState, type ImageUploadState, type PostSavedDetail, type PreviewState } from '../../core/content/use-blog-editor';
import type { ElementHandle } from '../../core/define-element/define-element';
import { contentTexts } from '../../core/i18n/content';
import { Button } from '../../core/ui/button';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { PostBody } from '../blog/post-body';

const t = contentTexts.editor;

export interface BlogEditorViewProps {
  listState: EditorListState;
  editor: EditorFormState;
  preview: PreviewState;
  busy: SaveAction | 'unpublish' | null;
  confirmation: string | null;
  /** Formats dates in this time zone (tests); the editor's own by default. */
  timeZone?: string;
  /** Focus the first invalid field after this render, then call onFocused. */
  focusInvalid: boolean;
  onFocused: () => void;
  signIn: () => void;
  reloadList: () => void;
  setPage: (page: number) => void;
  select: (post: EditorPost) => void;
  newPost: () => void;
  set: (field: EditorField, value: string) => void;
  save: (action: SaveAction) => void;
  unpublish: () => void;
  /** The image upload beside Image URL (absent: no upload field, e.g. in tests of the rest). */
  imageUpload?: ImageUploadState;
  imagePreview?: { url: string; srcset: string | null; alt: string } | null;
  uploadImage?: (file: File, alt: string) => void;
}

/** Upload a picture for the post: a file, its text alternative, the button, what happened, and the preview. */
function ImageUpload({ state, preview, onUpload }: { state: ImageUploadState; preview: { url: string; srcset: string | null; alt: string } | null; onUpload: (file: File, alt: string) => void }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [missing, setMissing] = useState(false);
  const u = t.imageUpload;
  const message =
    missing ? u.chooseFirst : state.status === 'uploading' ? u.uploading(state.fileName) : state.status === 'failed' ? state.message : state.status === 'uploaded' ? u.uploaded : '';
  const upload = () => {
    const file = fileRef.current?.files?.[0];
    setMissing(!file);
    if (file) onUpload(file, alt);
  };
  return (
    <fieldset className="editor-image" part="image-upload" data-state={state.status}>
      <legend>{u.legend}</legend>
      <label htmlFor={`${id}-file`}>{t.fields.imageFileLabel}</label>
      <input
        id={`${id}-file`}
        ref={fileRef}
        type="file"
        part="image-file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-describedby={`${id}-hint`}
        onChange={() => setMissing(false)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t.fields.imageFileHint}
      </p>
      <Field label={t.fields.imageAlt} hint={t.fields.imageAltHint} name="imageAlt" value={alt} onChange={(event) => setAlt(event.currentTarget.value)} />
      <Button tone="secondary" part="image-upload-button" busy={state.status === 'uploading'} onClick={upload}>
        {u.button}
      </Button>
      <p className="editor-image-status" part="image-status" role={state.status === 'failed' || missing ? 'alert' : 'status'}>
        {message}
      </p>
      {preview ? (
        <img
          className="editor-image-preview"
          part="image-preview"
          srcSet={preview.srcset ?? undefined}
          sizes="(max-width: 700px) 100vw, 480px"
          src={preview.url}
          alt={u.previewAlt(preview.alt)}
        />
      ) : null}
    </fieldset>
  );
}

function PostList({ props, page }: { props: BlogEditorViewProps; page: Extract<EditorListState, { status: 'ready' }>['page'] }) {
  const headingId = useId();
  return (
    <nav className="editor-posts" part="posts" aria-labelledby={headingId}>
      <div className="editor-posts-header">
        <h3 id={headingId}>{t.postsHeading}</h3>
        <Button tone="secondary" part="new-post" onClick={props.newPost}>
          {t.newPost}
        </Button>
      </div>
      {page.posts.length === 0 ? (
        <p className="editor-empty" part="empty">
          {t.empty}
        </p>
      ) : (
        <ul className="editor-post-list" part="post-list">
          {page.posts.map((post) => {
            const current = post.id === props.editor.postId;
            const when = post.status === 'SCHEDULED' ? t.scheduledFor(formatPostDateTime(post.publishDate, props.timeZone)) : t.modified(formatPostDateTime(post.dateModified, props.timeZone));
            return (
              <li key={post.id} className="editor-post" part="post-item" data-state={post.status.toLowerCase()} data-slug={post.slug}>
                <button
                  type="button"
                  className="editor-post-button"
                  part="edit-post"
                  aria-current={current ? 'true' : undefined}
                  aria-label={`${t.edit(post.title)}, ${t.status[post.status]}`}
                  onClick={() => props.select(post)}
                >
                  <span className="editor-post-title">{post.title}</span>
                  <span className="status-badge" part="status" data-state={post.status.toLowerCase()}>
                    {t.status[post.status]}
                  </span>
                  <span className="editor-post-when">{when}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {page.numPages > 1 ? (
        <div className="editor-paging" part="paging">
          <Button tone="secondary" disabled={!page.hasPrev} onClick={() => props.setPage(page.page - 1)}>
            {t.previousPage}
          </Button>
          <span aria-live="polite">{t.pageOf(page.page, page.numPages)}</span>
          <Button tone="secondary" disabled={!page.hasNext} onClick={() => props.setPage(page.page + 1)}>
            {t.nextPage}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

function Preview({ preview }: { preview: PreviewState }) {
  const headingId = useId();
  const html = preview.status === 'empty' ? null : preview.html;
  return (
    <section className="editor-preview" part="preview-pane" aria-labelledby={headingId} data-state={preview.status} aria-busy={preview.status === 'loading' || undefined}>
      <h4 id={headingId}>{t.preview}</h4>
      {preview.status === 'empty' ? <p className="editor-preview-note">{t.previewEmpty}</p> : null}
      {preview.status === 'failed' ? (
        <p className="editor-preview-note" role="alert">
          {t.previewFailed}
        </p>
      ) : null}
      {preview.status === 'loading' && html === null ? <p className="editor-preview-note">{t.previewLoading}</p> : null}
      {html !== null ? <PostBody serverHtml={html} part="preview" /> : null}
    </section>
  );
}

function PostForm({ props }: { props: BlogEditorViewProps }) {
  const { editor, busy } = props;
  const { form, errors } = editor;
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const actions = actionsFor(editor.status);
  const { focusInvalid, onFocused } = props;

  useEffect(() => {
    if (!focusInvalid) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    onFocused();
  }, [focusInvalid, onFocused]);

  const field = (name: EditorField) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => props.set(name, event.currentTarget.value),
  });

  return (
    <Form
      ref={formRef}
      className="editor-form"
      part="form"
      aria-labelledby={headingId}
      data-state={editor.status?.toLowerCase() ?? 'new'}
      onSubmit={() => props.save(actions.save)}
    >
      <h3 id={headingId} className="editor-form-heading">
        {editor.postId ? t.editing(form.title || form.slug) : t.newHeading}
        {editor.status ? (
          <span className="status-badge" part="form-status" data-state={editor.status.toLowerCase()}>
            {t.status[editor.status]}
          </span>
        ) : null}
      </h3>
      <div className="editor-fields">
        <Field label={t.fields.title} required {...field('title')} />
        <Field label={t.fields.slug} required hint={t.fields.slugHint} autoComplete="off" spellCheck={false} {...field('slug')} />
        <Field label={t.fields.subtitle} {...field('subtitle')} />
      </div>
      <div className="editor-compose">
        <Field label={t.fields.markdown} required multiline rows={18} className="editor-markdown" spellCheck {...field('markdown')} />
        <Preview preview={props.preview} />
      </div>
      <div className="editor-fields">
        <Field label={t.fields.highlights} hint={t.fields.highlightsHint} multiline rows={3} {...field('highlights')} />
        <Field label={t.fields.metaDescription} hint={t.fields.metaDescriptionHint} multiline rows={2} {...field('metaDescription')} />
        <Field label={t.fields.imageUrl} hint={t.fields.imageUrlHint} inputMode="url" autoComplete="off" spellCheck={false} {...field('imageUrl')} />
        {props.uploadImage ? <ImageUpload state={props.imageUpload ?? { status: 'idle' }} preview={props.imagePreview ?? null} onUpload={props.uploadImage} /> : null}
        <Field label={t.fields.videoCode} hint={t.fields.videoCodeHint} autoComplete="off" spellCheck={false} {...field('videoCode')} />
        <Field label={t.fields.tags} hint={t.fields.tagsHint} autoComplete="off" spellCheck={false} {...field('tags')} />
        <Field label={t.fields.publishAt} hint={t.fields.publishAtHint} type="datetime-local" {...field('publishAt')} />
      </div>
      {editor.formError ? (
        <p className="editor-form-error" part="form-error" role="alert">
          {editor.formError}
        </p>
      ) : null}
      <div className="editor-actions" part="actions">
        <Button type="submit" tone="secondary" part="save" busy={busy === actions.save}>
          {actions.save === 'draft' ? t.saveDraft : t.save}
        </Button>
        {actions.publish ? (
          <Button part="publish" busy={busy === 'publish'} onClick={() => props.save('publish')}>
            {t.publishNow}
          </Button>
        ) : null}
        <Button tone="secondary" part="schedule" busy={busy === 'schedule'} onClick={() => props.save('schedule')}>
          {t.schedule}
        </Button>
        {actions.unpublish ? (
          <Button tone="secondary" part="unpublish" busy={busy === 'unpublish'} onClick={props.unpublish}>
            {t.unpublish}
          </Button>
        ) : null}
      </div>
      <p className="editor-confirmation" part="confirmation" role="status">
        {props.confirmation ?? ''}
      </p>
    </Form>
  );
}

export function BlogEditorView(props: BlogEditorViewProps) {
  const { listState } = props;
  const heading = (
    <h2 className="editor-heading" part="heading">
      {t.heading}
    </h2>
  );
  if (listState.status === 'checking' || listState.status === 'loading') {
    return (
      <section className="editor" part="base" data-state="loading" aria-busy="true">
        {heading}
        <p className="editor-message" role="status">
          {t.loading}
        </p>
      </section>
    );
  }
  if (listState.status === 'signed-out') {
    return (
      <section className="editor" part="base" data-state="signed-out">
        {heading}
        <p className="editor-message" part="message">
          {t.signInPrompt}
        </p>
        <Button part="sign-in" onClick={props.signIn}>
          {t.signIn}
        </Button>
      </section>
    );
  }
  if (listState.status === 'forbidden') {
    return (
      <section className="editor" part="base" data-state="forbidden">
        {heading}
        <p className="editor-message" part="message" role="alert">
          {t.forbidden}
        </p>
      </section>
    );
  }
  if (listState.status === 'failed') {
    return (
      <section className="editor" part="base" data-state="failed">
        {heading}
        <p className="editor-message" part="message" role="alert">
          {listState.message}
        </p>
        <Button tone="secondary" part="retry" onClick={props.reloadList}>
          {t.retry}
        </Button>
      </section>
    );
  }
  return (
    <section className="editor" part="base" data-state="ready">
      {heading}
      <div className="editor-layout">
        <PostList props={props} page={listState.page} />
        <PostForm props={props} />
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Connected

export interface BlogEditorProps {
  element: ElementHandle;
}

export function BlogEditor({ element }: BlogEditorProps) {
  const h = useBlogEditor((detail: PostSavedDetail) => element.emit('post-saved', detail));
  const [focusInvalid, setFocusInvalid] = useState(false);
  const onSave = async (action: SaveAction) => {
    const saved = await h.save(action);
    if (!saved) setFocusInvalid(true);
  };
  return <BlogEditorView {...h} focusInvalid={focusInvalid} onFocused={() => setFocusInvalid(false)} save={(action) => void onSave(action)} />;
}
