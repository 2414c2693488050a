/**
 * The behaviour of <hearth-questionnaire>: find or start the response (session storage keeps its id and
 * the guest PIN, so a reload resumes), load the widgets a screen needs, hold the answers as typed,
 * validate with the widgets' rules, and move with Next / Back / Submit. Single-question mode steps
 * through the visible widgets of a screen before the screen is sent.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ensureSession } from '../../core/auth/session';
import { runtimeSettings } from '../../core/config/config';
import { useSignalEffect } from '../../core/state/use-signal-effect';
import type { ElementHandle } from '../../core/define-element/define-element';
import { failureOf, GENERIC_ERROR, type Failure } from '../../core/graphql/call';
import {
  loadCurrentScreen,
  loadSummary,
  nextScreen,
  previousScreen,
  startQuestionnaire,
  type QuestionnaireScreenData,
} from '../../questionnaire/client/api';
import { evaluateForm, isFormValid, submission, valuesFromContext, type WidgetState } from '../../questionnaire/client/form';
import { safeTree } from '../../questionnaire/client/render';
import { readStoredResponse, responseStorageKey, writeStoredResponse, type StoredResponse } from '../../questionnaire/client/storage';
import { loadedWidget, loadWidget } from '../../questionnaire/client/widget-loader';
import type { WidgetEnvironment } from '../../questionnaire/client/widget-module';
import { screenWidgetElements } from '../../questionnaire/engine/screen-widgets';
import { singleModeButtons, stepIndex, type ButtonState } from '../../questionnaire/engine/single-mode';
import { walkElements, type MarkupNode } from '../../questionnaire/markup/parse';
import { isWidgetTag, WIDGET_TAGS, type WidgetTag } from '../../questionnaire/widgets/tags';
import { flag, widgetSpecFrom, type Values, type WidgetErrors, type WidgetSpec } from '../../questionnaire/widgets/widget';

export type QuestionnaireMode = 'form' | 'single';
export type QuestionnaireStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'completed' | 'unauthorized' | 'failed';

/** Detail of `hearth-questionnaire-completed`: where a host page should send the user next. */
export interface QuestionnaireCompletedDetail {
  responseId: string;
  questionnaire: string;
  flow: QuestionnaireScreenData['flow'];
  /** Marketplace spec §4: seller flows return to home detail, buyer flows to the offers page. */
  exitTo: 'home-detail' | 'offers' | null;
}

interface LoadedScreen {
  data: QuestionnaireScreenData;
  tree: MarkupNode[];
  widgets: WidgetSpec[];
}

const rulesOf = (spec: WidgetSpec) => loadedWidget(WIDGET_TAGS[spec.tag])!.rules;

async function prepare(data: QuestionnaireScreenData): Promise<LoadedScreen> {
  const tree = safeTree(data.markup);
  const widgets = screenWidgetElements(tree).map(widgetSpecFrom);
  // Widgets inside widgets too (a grid's entry form): their chunks are loaded with the screen.
  const tags = [...walkElements(tree)].filter((el) => isWidgetTag(el.tag)).map((el) => el.tag as WidgetTag);
  await Promise.all([...new Set(tags.map((tag) => WIDGET_TAGS[tag]))].map(loadWidget));
  return { data, tree, widgets };
}

export interface QuestionnaireOptions {
  questionnaire: string;
  responseId: string;
  pin: string;
  mode: QuestionnaireMode;
  element: ElementHandle;
}

export function useQuestionnaire({ questionnaire, responseId, pin, mode, element }: QuestionnaireOptions) {
  const [slug, setSlug] = useState(questionnaire);
  const [status, setStatus] = useState<QuestionnaireStatus>('idle');
  const [screen, setScreen] = useState<LoadedScreen | null>(null);
  const [values, setValues] = useState<Values>({});
  const [serverErrors, setServerErrors] = useState<Record<string, WidgetErrors>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [index, setIndex] = useState(1);
  // Each refused Submit: the view moves focus to the first widget that needs attention (its key).
  const [attention, setAttention] = useState<{ key: string; attempt: number } | null>(null);
  const response = useRef<StoredResponse | null>(null);
  // The answers as of the last change, for a submit that runs before the re-render (a flush on blur).
  const latestValues = useRef<Values>({});

  useEffect(() => setSlug(questionnaire), [questionnaire]);

  const storageKey = useMemo(() => {
    const { api, partner } = runtimeSettings();
    // Per mode too: a page may show the same questionnaire as a whole form and one question at a time.
    return responseStorageKey(api, partner, `${slug || `response:${responseId}`}|${mode}`);
  }, [slug, responseId, mode]);

  const scrollToTop = useCallback(() => element.host.scrollIntoView?.({ block: 'start' }), [element]);

  const show = useCallback(async (data: QuestionnaireScreenData) => {
    const loaded = await prepare(data);
    setScreen(loaded);
    latestValues.current = valuesFromContext(data.context);
    setValues(latestValues.current);
    setServerErrors({});
    setShowErrors(false);
    setFormError(null);
    setIndex(1);
    setAttention(null);
    setStatus('ready');
  }, []);

  const fail = useCallback((failure: Failure) => {
    if (failure.code === 'FORBIDDEN') setStatus('unauthorized');
    else {
      setFormError(failure.message ?? GENERIC_ERROR);
      setStatus('failed');
    }
  }, []);

  // Find or start the response.
  useSignalEffect((signal) => {
    if (!slug && !responseId) return;
    setStatus('loading');
    (async () => {
      // A signed-in visitor's response is theirs, not a guest's: the session is known before it starts.
      await ensureSession();
      if (signal.aborted) return;
      const stored = responseId ? { id: responseId, pin: pin || readStoredResponse(storageKey)?.pin || null } : readStoredResponse(storageKey);
      if (stored) {
        const current = await loadCurrentScreen(stored.id, stored.pin);
        if (signal.aborted) return;
        if (current.ok) {
          response.current = stored;
          await show(current.value);
          return;
        }
        // A stored response this browser may no longer open (expired storage, another user): start afresh.
        if (responseId || current.failure.code !== 'FORBIDDEN') return fail(current.failure);
        writeStoredResponse(storageKey, null);
      }
      const started = await startQuestionnaire(slug);
      if (signal.aborted) return;
      if (!started.ok) return fail(started.failure);
      response.current = { id: started.value.id, pin: started.value.pin };
      writeStoredResponse(storageKey, response.current);
      await show(started.value.screen);
    })().catch((error: unknown) => signal.aborted || fail(failureOf(error)));
  }, [slug, responseId, pin, storageKey, show, fail]);

  const states: WidgetState[] = useMemo(() => (screen ? evaluateForm(screen.widgets, values, rulesOf) : []), [screen, values]);
  const visible = useMemo(() => states.filter((s) => s.visible), [states]);
  const errorsOf = (state: WidgetState) => serverErrors[state.spec.key] ?? state.errors;
  const formValid = isFormValid(states) && Object.keys(serverErrors).length === 0;
  /** The visible widgets that need an answer or a correction, as the person reads them (for the form's message). */
  const missing = useMemo(
    () => visible.filter((s) => serverErrors[s.spec.key] ?? s.errors).map((s) => s.spec.attributes['hu-title'] || s.spec.text || s.spec.key),
    [visible, serverErrors],
  );
  /** Whole-form mode: a visible acknowledgment with `submits` is the screen's submit, and no Submit button shows. */
  const acknowledgmentSubmits = mode === 'form' && visible.some((s) => s.spec.tag === 'hu-acknowledge' && flag(s.spec, 'submits'));

  const change = useCallback((spec: WidgetSpec, changed: Values) => {
    latestValues.current = { ...latestValues.current, ...changed };
    setValues(latestValues.current);
    setServerErrors((current) => {
      if (!(spec.key in current)) return current;
      const { [spec.key]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  /** Shows the errors and points at the first widget that needs attention (single-question mode steps to it). */
  const needAttention = useCallback((states: readonly WidgetState[], invalid: ReadonlySet<string>) => {
    const shown = states.filter((s) => s.visible);
    const first = shown.findIndex((s) => invalid.has(s.spec.key));
    setShowErrors(true);
    if (first < 0) return;
    if (mode === 'single') setIndex(first + 1);
    setAttention((current) => ({ key: shown[first]!.spec.key, attempt: (current?.attempt ?? 0) + 1 }));
  }, [mode]);

  const submit = useCallback(async () => {
    if (!screen || !response.current || status === 'saving') return;
    const values = latestValues.current;
    const states = evaluateForm(screen.widgets, values, rulesOf);
    if (!isFormValid(states)) {
      needAttention(states, new Set(states.filter((s) => s.visible && s.errors).map((s) => s.spec.key)));
      return;
    }
    setStatus('saving');
    try {
      const next = await nextScreen(response.current.id, submission(states, values, rulesOf), response.current.pin);
      if (!next.ok) {
        if (next.failure.fields) {
          const fields = next.failure.fields as Record<string, WidgetErrors>;
          setServerErrors(fields);
          needAttention(states, new Set(Object.keys(fields)));
          setStatus('ready');
        } else fail(next.failure);
        return;
      }
      const data = next.value;
      if (data.completedAt && data.screenId === screen.data.screenId) {
        const detail: QuestionnaireCompletedDetail = {
          responseId: data.id,
          questionnaire: data.questionnaire,
          flow: data.flow,
          exitTo: data.flow === 'seller' ? 'home-detail' : data.flow === 'buyer' ? 'offers' : null,
        };
        setScreen(await prepare(data));
        setStatus('completed');
        element.emit('questionnaire-completed', detail);
      } else {
        await show(data);
      }
      scrollToTop();
    } catch (error) {
      fail(failureOf(error));
    }
  }, [screen, status, show, fail, element, scrollToTop, needAttention]);

  const back = useCallback(async () => {
    if (mode === 'single' && index > 1) {
      setIndex(stepIndex(index, visible.length, -1));
      scrollToTop();
      return;
    }
    if (!response.current || !screen?.data.canGoBack) return;
    setStatus('saving');
    try {
      const previous = await previousScreen(response.current.id, response.current.pin);
      if (!previous.ok) return fail(previous.failure);
      await show(previous.value);
      scrollToTop();
    } catch (error) {
      fail(failureOf(error));
    }
  }, [mode, index, visible.length, screen, show, fail, scrollToTop]);

  // ---- single-question mode ----
  const current = mode === 'single' ? visible[Math.min(index, visible.length) - 1] : undefined;
  const buttons: { next: ButtonState; submit: ButtonState } =
    mode === 'single'
      ? singleModeButtons({
          index,
          total: visible.length,
          lastScreen: screen?.data.end ?? false,
          currentValid: current ? errorsOf(current) === null : true,
          currentHasValue: current ? current.hasValue || rulesOf(current.spec).variables(current.spec).length === 0 : true,
          formValid,
        })
      : { next: 'hidden', submit: acknowledgmentSubmits ? 'hidden' : 'enabled' };

  const forward = useCallback(() => {
    if (mode !== 'single' || index >= visible.length) return void submit();
    setIndex(stepIndex(index, visible.length, 1));
    scrollToTop();
  }, [mode, index, visible.length, submit, scrollToTop]);

  const forwardRef = useRef(forward);
  forwardRef.current = forward;
  const submitRef = useRef(submit);
  submitRef.current = submit;

  const env: WidgetEnvironment = useMemo(
    () => ({
      responseId: response.current?.id ?? '',
      loadSummary: () => loadSummary(response.current?.id ?? '', response.current?.pin ?? null),
      startQuestionnaire: (next: string) => setSlug(next),
      advance: () => {
        // After the acknowledged value has rendered, so the step sees it.
        if (mode === 'single') setTimeout(() => forwardRef.current(), 0);
      },
      // The form's own Submit (Next on a screen before the last): the answers as of the last change are sent.
      submit: () => setTimeout(() => (mode === 'single' ? forwardRef.current() : void submitRef.current()), 0),
      layout: mode,
      saving: status === 'saving',
      lastStep: mode === 'single' && index >= visible.length && Boolean(screen?.data.end),
    }),
    // The response id changes with the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [screen, mode, index, visible.length, status],
  );

  return {
    status,
    screen,
    values,
    states,
    visible,
    current,
    index,
    buttons,
    formValid,
    showErrors,
    formError,
    missing,
    attention,
    acknowledgmentSubmits,
    errorsOf,
    change,
    submit,
    forward,
    back,
    env,
    missingAttributes: !slug && !responseId,
  };
}

export type QuestionnaireController = ReturnType<typeof useQuestionnaire>;
