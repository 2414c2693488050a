import { describe, expect, it } from 'vitest';
import { contentTexts } from '../i18n/content';
import type { EditorPost } from './content-api';
import {
  actionsFor,
  editorFormReducer,
  emptyForm,
  formFromPost,
  fromLocalInput,
  initialEditorState,
  serverErrors,
  slugFromTitle,
  toLocalInput,
  toPostInput,
  validateForm,
  type EditorForm,
} from './editor-form';
import { POST_LIMITS } from './post-rules';

const e = contentTexts.editor.errors;
const NOW = new Date('2026-11-26T12:00:00Z');

const valid = (overrides: Partial<EditorForm> = {}): EditorForm => ({
  ...emptyForm(),
  slug: 'first-home-guide',
  title: 'Your first home',
  markdown: '# Hello\n\nA post.',
  ...overrides,
});

const post = (overrides: Partial<EditorPost> = {}): EditorPost => ({
  id: '7',
  slug: 'renting-101',
  title: 'Renting 101',
  subtitle: 'What a lease says',
  markdown: 'Read the lease.',
  highlights: ['Deposit', 'Notice'],
  metaDescription: 'How to read a lease.',
  publishDate: '2026-12-01T16:30:00.000Z',
  dateModified: '2026-11-20T10:00:00.000Z',
  imageUrl: 'https://hearth.test/media/posts/renting.webp',
  videoCode: 'dQw4w9WgXcQ',
  tagSlugs: ['renting', 'leases'],
  status: 'SCHEDULED',
  ...overrides,
});

describe('validateForm', () => {
  it('accepts a complete form for every button but schedule, which needs a time ahead', () => {
    expect(validateForm(valid(), 'draft', NOW)).toEqual({});
    expect(validateForm(valid(), 'publish', NOW)).toEqual({});
    expect(validateForm(valid(), 'schedule', NOW)).toEqual({ publishAt: e.publishAtRequired });
  });

  it('checks the slug as the server does: required, the pattern, at most 80 characters', () => {
    expect(validateForm(valid({ slug: '' }), 'draft', NOW).slug).toBe(e.slugRequired);
    for (const slug of ['First-Home', 'first--home', '-first', 'first-', 'first home', 'première', '<script>']) {
      expect(validateForm(valid({ slug }), 'draft', NOW).slug).toBe(e.slugPattern);
    }
    expect(validateForm(valid({ slug: 'a'.repeat(POST_LIMITS.slug) }), 'draft', NOW).slug).toBeUndefined();
    expect(validateForm(valid({ slug: 'a'.repeat(POST_LIMITS.slug + 1) }), 'draft', NOW).slug).toBe(e.tooLong(POST_LIMITS.slug));
  });

  it('requires a title and a body, and holds each text to its length', () => {
    const errors = validateForm(
      valid({ title: '  ', markdown: '\n', subtitle: 'x'.repeat(POST_LIMITS.subtitle + 1), metaDescription: 'x'.repeat(POST_LIMITS.metaDescription + 1) }),
      'draft',
      NOW,
    );
    expect(errors).toEqual({
      title: e.titleRequired,
      markdown: e.markdownRequired,
      subtitle: e.tooLong(POST_LIMITS.subtitle),
      metaDescription: e.tooLong(POST_LIMITS.metaDescription),
    });
    expect(validateForm(valid({ title: 'x'.repeat(POST_LIMITS.title + 1) }), 'draft', NOW).title).toBe(e.tooLong(POST_LIMITS.title));
  });

  it('checks the video code as a YouTube id of 11 characters', () => {
    expect(validateForm(valid({ videoCode: 'dQw4w9WgXcQ' }), 'draft', NOW).videoCode).toBeUndefined();
    expect(validateForm(valid({ videoCode: 'a_b-C123456' }), 'draft', NOW).videoCode).toBeUndefined();
    for (const videoCode of ['dQw4w9WgXc', 'dQw4w9WgXcQQ', 'dQw4w9WgX"Q', 'https://youtu.be/dQw4w9WgXcQ', '../../evil']) {
      expect(validateForm(valid({ videoCode }), 'draft', NOW).videoCode).toBe(e.videoCode);
    }
  });

  it('checks highlights, the image address and tags', () => {
    expect(validateForm(valid({ highlights: Array.from({ length: 11 }, (_, i) => `h${i}`).join('\n') }), 'draft', NOW).highlights).toBe(
      e.tooManyHighlights(POST_LIMITS.highlights),
    );
    expect(validateForm(valid({ highlights: 'x'.repeat(301) }), 'draft', NOW).highlights).toBe(e.highlightTooLong(POST_LIMITS.highlight));
    expect(validateForm(valid({ imageUrl: 'javascript:alert(1)' }), 'draft', NOW).imageUrl).toBe(e.imageUrl);
    expect(validateForm(valid({ imageUrl: '/media/posts/a-960.webp' }), 'draft', NOW).imageUrl).toBeUndefined();
    expect(validateForm(valid({ imageUrl: 'media/a.webp' }), 'draft', NOW).imageUrl).toBe(e.imageUrl);
    expect(validateForm(valid({ imageUrl: 'https://hearth.test/media/a.webp' }), 'draft', NOW).imageUrl).toBeUndefined();
    expect(validateForm(valid({ tags: 'buying, Mortgage Basics' }), 'draft', NOW).tags).toBeUndefined();
    expect(validateForm(valid({ tags: 'buying, <b>' }), 'draft', NOW).tags).toBe(e.tagPattern);
    expect(validateForm(valid({ tags: 'a,b,c,d,e,f,g,h,i' }), 'draft', NOW).tags).toBe(e.tooManyTags(POST_LIMITS.tags));
  });

  it('schedules only for a real date-time ahead of now', () => {
    const ahead = toLocalInput('2026-12-01T09:00:00Z');
    const behind = toLocalInput('2026-11-25T09:00:00Z');
    expect(validateForm(valid({ publishAt: ahead }), 'schedule', NOW)).toEqual({});
    expect(validateForm(valid({ publishAt: behind }), 'schedule', NOW).publishAt).toBe(e.publishAtPast);
    expect(validateForm(valid({ publishAt: '2026-02-31T09:00' }), 'schedule', NOW).publishAt).toBe(e.publishAtInvalid);
    expect(validateForm(valid({ publishAt: 'tomorrow' }), 'schedule', NOW).publishAt).toBe(e.publishAtInvalid);
    // Other buttons ignore the field.
    expect(validateForm(valid({ publishAt: behind }), 'publish', NOW)).toEqual({});
  });
});

describe('local date-times', () => {
  it('round-trip through a datetime-local value', () => {
    const iso = '2026-12-01T16:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('garbage')).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('toPostInput', () => {
  const form = valid({
    subtitle: '  ',
    highlights: ' One \n\n Two ',
    metaDescription: ' Short. ',
    imageUrl: ' https://hearth.test/a.webp ',
    videoCode: '',
    tags: 'buying, Buying,mortgage',
    publishAt: toLocalInput('2026-12-24T15:00:00Z'),
  });

  it('sends trimmed fields, lines as highlights, tags once each, and nulls for empty optional fields', () => {
    expect(toPostInput(form, 'draft', null, NOW)).toEqual({
      slug: 'first-home-guide',
      title: 'Your first home',
      subtitle: null,
      markdown: '# Hello\n\nA post.',
      highlights: ['One', 'Two'],
      metaDescription: 'Short.',
      publishDate: null,
      imageUrl: 'https://hearth.test/a.webp',
      videoCode: null,
      tagSlugs: ['buying', 'mortgage'],
    });
  });

  it('sets the publish date per button', () => {
    const saved = '2026-10-01T08:00:00.000Z';
    expect(toPostInput(form, 'draft', saved, NOW).publishDate).toBeNull();
    expect(toPostInput(form, 'save', saved, NOW).publishDate).toBe(saved);
    expect(toPostInput(form, 'publish', saved, NOW).publishDate).toBe(NOW.toISOString());
    expect(toPostInput(form, 'schedule', saved, NOW).publishDate).toBe('2026-12-24T15:00:00.000Z');
  });
});

describe('actionsFor', () => {
  it('offers Save draft for new, draft and unpublished posts, Save changes and Unpublish for live ones', () => {
    expect(actionsFor(null)).toEqual({ save: 'draft', publish: true, schedule: true, unpublish: false });
    expect(actionsFor('DRAFT')).toEqual({ save: 'draft', publish: true, schedule: true, unpublish: false });
    expect(actionsFor('UNPUBLISHED')).toEqual({ save: 'draft', publish: true, schedule: true, unpublish: false });
    expect(actionsFor('SCHEDULED')).toEqual({ save: 'save', publish: true, schedule: true, unpublish: true });
    expect(actionsFor('PUBLISHED')).toEqual({ save: 'save', publish: false, schedule: true, unpublish: true });
  });
});

describe('serverErrors', () => {
  it('puts a refusal on the field the server named', () => {
    const failure = { kind: 'invalid', message: 'That slug is taken.', code: 'BAD_USER_INPUT', argument: 'input.slug' } as const;
    expect(serverErrors(failure)).toEqual({ fields: { slug: 'That slug is taken.' }, form: null });
    expect(serverErrors({ ...failure, argument: 'tagSlugs', message: 'At most 8 tags.' })).toEqual({ fields: { tags: 'At most 8 tags.' }, form: null });
    expect(serverErrors({ ...failure, argument: null, message: 'videoCode must be a YouTube video id.' }).fields).toEqual({
      videoCode: 'videoCode must be a YouTube video id.',
    });
  });

  it('keeps any other failure for the form as a whole', () => {
    expect(serverErrors({ kind: 'network', message: null, code: null, argument: null })).toEqual({ fields: {}, form: contentTexts.editor.saveFailed });
    expect(serverErrors({ kind: 'server', message: 'Only editors can do this.', code: 'FORBIDDEN', argument: null })).toEqual({
      fields: {},
      form: 'Only editors can do this.',
    });
  });
});

describe('editorFormReducer', () => {
  it('derives a new post’s slug from its title until the slug is typed', () => {
    let state = editorFormReducer(initialEditorState(), { type: 'set', field: 'title', value: 'Buying Your First Home? Read This!' });
    expect(state.form.slug).toBe('buying-your-first-home-read-this');
    state = editorFormReducer(state, { type: 'set', field: 'slug', value: 'first-home' });
    state = editorFormReducer(state, { type: 'set', field: 'title', value: 'Another title' });
    expect(state.form.slug).toBe('first-home');
  });

  it('loads a saved post without touching its slug, and clears a field’s error when it changes', () => {
    let state = editorFormReducer(initialEditorState(), { type: 'load', post: post() });
    expect(state).toMatchObject({ postId: '7', status: 'SCHEDULED', publishDate: '2026-12-01T16:30:00.000Z' });
    expect(state.form).toEqual(formFromPost(post()));
    expect(state.form.highlights).toBe('Deposit\nNotice');
    expect(state.form.tags).toBe('renting, leases');
    expect(fromLocalInput(state.form.publishAt)).toBe('2026-12-01T16:30:00.000Z');
    state = editorFormReducer(state, { type: 'refused', errors: { title: 'x', slug: 'y' }, formError: 'z' });
    state = editorFormReducer(state, { type: 'set', field: 'title', value: 'Renting, explained' });
    expect(state.form.slug).toBe('renting-101');
    expect(state.errors).toEqual({ slug: 'y' });
    expect(state.formError).toBeNull();
    expect(editorFormReducer(state, { type: 'new' })).toEqual(initialEditorState());
  });

  it('slugFromTitle keeps only slug characters', () => {
    expect(slugFromTitle('Crème brûlée & <b>HTML</b>')).toBe('creme-brulee-b-html-b');
    expect(slugFromTitle('   ')).toBe('');
    expect(slugFromTitle('x'.repeat(100)).length).toBe(POST_LIMITS.slug);
  });
});
