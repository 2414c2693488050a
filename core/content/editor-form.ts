/**
 * The pure state of <hearth-blog-editor>'s form: its fields as typed, the checks the server makes too
 * (core/content/post-rules.ts), what each button sends, and a reducer for the edits. No DOM, no clock: the
 * caller passes `now`.
 */
import { contentTexts } from '../i18n/content';
import type { Failure } from '../graphql/call';
import type { EditorPost, PostInput, PostStatus } from './content-api';
import { isPostSlug, isVideoCode, POST_LIMITS } from './post-rules';

const t = contentTexts.editor;

/** The form as typed: highlights one per line, tags comma-separated slugs, the publish time as a local date-time. */
export interface EditorForm {
  slug: string;
  title: string;
  subtitle: string;
  markdown: string;
  highlights: string;
  metaDescription: string;
  /** `YYYY-MM-DDTHH:mm` in the editor's own time zone (an `<input type="datetime-local">` value). */
  publishAt: string;
  imageUrl: string;
  videoCode: string;
  tags: string;
}

export type EditorField = keyof EditorForm;
export type FormErrors = Partial<Record<EditorField, string>>;

/**
 * What a button does with the post's publish date: `draft` clears it, `save` keeps what the post has,
 * `publish` sets it to now, `schedule` to the form's date-time (which must lie ahead).
 */
export type SaveAction = 'draft' | 'save' | 'publish' | 'schedule';

export const emptyForm = (): EditorForm => ({
  slug: '',
  title: '',
  subtitle: '',
  markdown: '',
  highlights: '',
  metaDescription: '',
  publishAt: '',
  imageUrl: '',
  videoCode: '',
  tags: '',
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the runtime's time zone (empty for null or garbage). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the runtime's time zone) as an ISO instant; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // new Date rolls 31 February over into March: such a value is not a date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h) return null;
  return date.toISOString();
}

export function formFromPost(post: EditorPost): EditorForm {
  return {
    slug: post.slug,
    title: post.title,
    subtitle: post.subtitle ?? '',
    markdown: post.markdown,
    highlights: post.highlights.join('\n'),
    metaDescription: post.metaDescription ?? '',
    publishAt: post.status === 'SCHEDULED' ? toLocalInput(post.publishDate) : '',
    imageUrl: post.imageUrl ?? '',
    videoCode: post.videoCode ?? '',
    tags: post.tagSlugs.join(', '),
  };
}

/** A title as a slug: `Buying Your First Home?` → `buying-your-first-home`. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, POST_LIMITS.slug)
    .replace(/-+$/, '');
}

const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const tagList = (value: string) =>
  value
    .split(/[,\s]+/)
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Every problem of the form for this button (an empty object: it may be sent). */
export function validateForm(form: EditorForm, action: SaveAction, now: Date): FormErrors {
  const errors: FormErrors = {};
  const slug = form.slug.trim();
  if (!slug) errors.slug = t.errors.slugRequired;
  else if (slug.length > POST_LIMITS.slug) errors.slug = t.errors.tooLong(POST_LIMITS.slug);
  else if (!isPostSlug(slug)) errors.slug = t.errors.slugPattern;

  const title = form.title.trim();
  if (!title) errors.title = t.errors.titleRequired;
  else if (title.length > POST_LIMITS.title) errors.title = t.errors.tooLong(POST_LIMITS.title);

  if (form.subtitle.trim().length > POST_LIMITS.subtitle) errors.subtitle = t.errors.tooLong(POST_LIMITS.subtitle);
  if (form.metaDescription.trim().length > POST_LIMITS.metaDescription) errors.metaDescription = t.errors.tooLong(POST_LIMITS.metaDescription);

  if (!form.markdown.trim()) errors.markdown = t.errors.markdownRequired;
  else if (form.markdown.length > POST_LIMITS.markdown) errors.markdown = t.errors.tooLong(POST_LIMITS.markdown);

  const highlights = lines(form.highlights);
  if (highlights.length > POST_LIMITS.highlights) errors.highlights = t.errors.tooManyHighlights(POST_LIMITS.highlights);
  else if (highlights.some((h) => h.length > POST_LIMITS.highlight)) errors.highlights = t.errors.highlightTooLong(POST_LIMITS.highlight);

  const imageUrl = form.imageUrl.trim();
  if (imageUrl && (imageUrl.length > POST_LIMITS.imageUrl || !(isHttpUrl(imageUrl) || /^\/media\/[^\s]+$/.test(imageUrl)))) errors.imageUrl = t.errors.imageUrl;

  const videoCode = form.videoCode.trim();
  if (videoCode && !isVideoCode(videoCode)) errors.videoCode = t.errors.videoCode;

  const tags = tagList(form.tags);
  if (tags.length > POST_LIMITS.tags) errors.tags = t.errors.tooManyTags(POST_LIMITS.tags);
  else if (tags.some((tag) => !isPostSlug(tag))) errors.tags = t.errors.tagPattern;

  if (action === 'schedule') {
    const at = fromLocalInput(form.publishAt);
    if (!form.publishAt.trim()) errors.publishAt = t.errors.publishAtRequired;
    else if (!at) errors.publishAt = t.errors.publishAtInvalid;
    else if (Date.parse(at) <= now.getTime()) errors.publishAt = t.errors.publishAtPast;
  }
  return errors;
}

/** The publish date a button sends: see SaveAction. `current` is the saved post's (null for a new post). */
export function publishDateFor(action: SaveAction, form: EditorForm, current: string | null, now: Date): string | null {
  switch (action) {
    case 'draft':
      return null;
    case 'save':
      return current;
    case 'publish':
      return now.toISOString();
    case 'schedule':
      return fromLocalInput(form.publishAt);
  }
}

/** What createPost/updatePost receive for a valid form. */
export function toPostInput(form: EditorForm, action: SaveAction, current: string | null, now: Date): PostInput {
  return {
    slug: form.slug.trim(),
    title: form.title.trim(),
    subtitle: orNull(form.subtitle),
    markdown: form.markdown,
    highlights: lines(form.highlights),
    metaDescription: orNull(form.metaDescription),
    publishDate: publishDateFor(action, form, current, now),
    imageUrl: orNull(form.imageUrl),
    videoCode: orNull(form.videoCode),
    tagSlugs: [...new Set(tagList(form.tags))],
  };
}

/** Which buttons a post of this status offers (null: a new post). */
export function actionsFor(status: PostStatus | null): { save: 'draft' | 'save'; publish: boolean; schedule: boolean; unpublish: boolean } {
  const live = status === 'PUBLISHED' || status === 'SCHEDULED';
  return { save: live ? 'save' : 'draft', publish: status !== 'PUBLISHED', schedule: true, unpublish: live };
}

const FIELDS: readonly EditorField[] = ['slug', 'title', 'subtitle', 'markdown', 'highlights', 'metaDescription', 'publishAt', 'imageUrl', 'videoCode', 'tags'];
/** The server's argument names that are not the form's. */
const SERVER_FIELDS: Record<string, EditorField> = { tagSlugs: 'tags', publishDate: 'publishAt' };

/**
 * A refused save as the form's errors: the field the server named (`argument` 'slug', 'input.slug', or the
 * field its message names first) gets the server's words; anything else is the form's own error.
 */
export function serverErrors(failure: Failure): { fields: FormErrors; form: string | null } {
  const message = failure.message ?? contentTexts.editor.saveFailed;
  if (failure.kind === 'invalid') {
    const last = failure.argument?.split('.').pop() ?? '';
    const named =
      SERVER_FIELDS[last] ??
      (FIELDS as readonly string[]).find((f) => f === last) ??
      FIELDS.find((f) => new RegExp(`\\b${f}\\b`, 'i').test(failure.message ?? ''));
    if (named) return { fields: { [named]: message }, form: null };
  }
  return { fields: {}, form: message };
}

// ---------------------------------------------------------------------------------------------------
// Reducer

export interface EditorFormState {
  /** The post being edited (null: a new one). */
  postId: string | null;
  status: PostStatus | null;
  /** The saved post's publish date (what 'save' keeps). */
  publishDate: string | null;
  form: EditorForm;
  errors: FormErrors;
  /** An error that belongs to no field (a refused save without a field, a lost connection). */
  formError: string | null;
  /** A new post's slug follows its title until the editor types a slug of their own. */
  slugFollowsTitle: boolean;
}

export type EditorFormAction =
  | { type: 'new' }
  | { type: 'load'; post: EditorPost }
  | { type: 'set'; field: EditorField; value: string }
  | { type: 'refused'; errors: FormErrors; formError: string | null };

export const initialEditorState = (): EditorFormState => ({
  postId: null,
  status: null,
  publishDate: null,
  form: emptyForm(),
  errors: {},
  formError: null,
  slugFollowsTitle: true,
});

export function editorFormReducer(state: EditorFormState, action: EditorFormAction): EditorFormState {
  switch (action.type) {
    case 'new':
      return initialEditorState();
    case 'load':
      return {
        postId: action.post.id,
        status: action.post.status,
        publishDate: action.post.publishDate,
        form: formFromPost(action.post),
        errors: {},
        formError: null,
        slugFollowsTitle: false,
      };
    case 'set': {
      const form = { ...state.form, [action.field]: action.value };
      let slugFollowsTitle = state.slugFollowsTitle;
      if (action.field === 'slug') slugFollowsTitle = false;
      if (action.field === 'title' && slugFollowsTitle && state.postId === null) form.slug = slugFromTitle(action.value);
      const errors: FormErrors = { ...state.errors };
      delete errors[action.field];
      if (action.field === 'title' && slugFollowsTitle) delete errors.slug;
      return { ...state, form, errors, formError: null, slugFollowsTitle };
    }
    case 'refused':
      return { ...state, errors: action.errors, formError: action.formError };
  }
}
