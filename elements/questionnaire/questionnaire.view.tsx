/**
 * <hearth-questionnaire>: progress by category, the screen (whole form, or one widget at a time in
 * single-question mode), Back and Next / Submit. `QuestionnaireView` only renders the controller it is
 * given; `Questionnaire` connects it to the behaviour in use-questionnaire.ts.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { questionnaireTexts as t } from '../../core/i18n/questionnaire';
import { Button } from '../../core/ui/button';
import { Form } from '../../core/ui/form';
import { renderTree } from '../../questionnaire/client/render';
import { loadedWidget } from '../../questionnaire/client/widget-loader';
import { AnswerCheckContext } from '../../questionnaire/client/widget-frame';
import { confirmationVariable } from '../../questionnaire/engine/plausible';
import { variablesOf } from '../../questionnaire/widgets/widget';
import { WIDGET_TAGS } from '../../questionnaire/widgets/tags';
import type { WidgetState } from '../../questionnaire/client/form';
import { useQuestionnaire, type QuestionnaireController, type QuestionnaireMode } from './use-questionnaire';

function WidgetHost({ state, q }: { state: WidgetState; q: QuestionnaireController }) {
  const module = loadedWidget(WIDGET_TAGS[state.spec.tag]);
  if (!module) return null;
  const { Widget } = module;
  const variable = variablesOf(state.spec)[0];
  const check = {
    finding: state.finding,
    // The confirmation holds the answer it was given for (questionnaire/engine/plausible.ts).
    confirm: () => variable && q.change(state.spec, { [confirmationVariable(variable)]: q.values[variable] ?? '' }),
  };
  return (
    <AnswerCheckContext.Provider value={check}>
      <Widget
        spec={state.spec}
        values={q.values}
        onChange={(changed) => q.change(state.spec, changed)}
        errors={q.errorsOf(state)}
        showErrors={q.showErrors}
        env={q.env}
      />
    </AnswerCheckContext.Provider>
  );
}

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** After a refused Submit, focus goes to the first widget that needs attention (the form's message names them all). */
function useFocusAttention(q: QuestionnaireController) {
  const screen = useRef<HTMLDivElement>(null);
  const attention = q.attention;
  useEffect(() => {
    if (!attention) return;
    const widget = [...(screen.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].find((el) => el.dataset.key === attention.key);
    const target = widget?.querySelector<HTMLElement>(FOCUSABLE) ?? widget;
    if (!target) return;
    if (target === widget) widget.tabIndex = -1;
    target.focus();
    target.scrollIntoView?.({ block: 'center' });
  }, [attention]);
  return screen;
}

export function QuestionnaireView({ q, mode }: { q: QuestionnaireController; mode: QuestionnaireMode }) {
  const screenRef = useFocusAttention(q);
  if (q.missingAttributes) {
    return (
      <p className="questionnaire-message" part="message" role="alert">
        {t.missingQuestionnaire}
      </p>
    );
  }
  if (q.status === 'unauthorized') {
    return (
      <p className="questionnaire-message" part="message" role="alert" data-state="unauthorized">
        {t.notAuthorized}
      </p>
    );
  }
  const screen = q.screen;
  if (!screen) {
    return (
      <div className="questionnaire surface-panel" part="base" data-state={q.status} aria-busy={q.status === 'loading'}>
        <p className="questionnaire-message" part="message" role={q.status === 'failed' ? 'alert' : 'status'}>
          {q.status === 'failed' ? q.formError || t.failed : t.loading}
        </p>
      </div>
    );
  }

  const byIndex = q.states;
  let body: ReactNode;
  if (mode === 'single') {
    body = q.current ? <WidgetHost key={q.current.spec.key} state={q.current} q={q} /> : null;
  } else {
    body = renderTree(screen.tree, (_element, i) => {
      const state = byIndex[i];
      return state && state.visible ? <WidgetHost state={state} q={q} /> : null;
    });
  }
  const saving = q.status === 'saving';
  const completed = q.status === 'completed';
  // Submit only where the response is completed (an end screen); Next everywhere else, in both modes.
  const finalLabel = screen.data.end ? t.submit : t.next;

  return (
    <div className="questionnaire surface-panel" part="base" data-state={q.status} data-mode={mode}>
      {screen.data.categories.length > 0 && (
        <nav className="questionnaire-progress" part="progress" aria-label={t.progress}>
          <ol>
            {screen.data.categories.map((c) => (
              <li key={c.id} data-state={c.state} aria-current={c.state === 'active' ? 'step' : undefined}>
                {c.name}
                <span className="visually-hidden"> ({t.categoryState[c.state]})</span>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <Form
        className="questionnaire-form"
        part="form"
        onSubmit={(event) => {
          // Enter in a field: its pending (debounced) value is committed on blur, before the step.
          const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
          (root.activeElement as HTMLElement | null)?.blur?.();
          if (mode === 'single') q.forward();
          else void q.submit();
        }}
      >
        <h2 className="questionnaire-heading" part="heading">
          {screen.data.subjectName}
        </h2>
        {mode === 'single' && q.visible.length > 0 && (
          <p className="questionnaire-step" part="step">
            {t.stepOf(q.index, q.visible.length)}
          </p>
        )}
        {completed ? (
          <div className="questionnaire-completed" part="completed" role="status">
            <p className="questionnaire-completed-heading">{t.completedHeading}</p>
            <p>{t.completedText}</p>
          </div>
        ) : (
          <div className="questionnaire-screen" part="screen" data-screen={screen.data.screenId} ref={screenRef}>
            {body}
          </div>
        )}
        {q.showErrors && !q.formValid && (
          <p className="questionnaire-form-error" part="form-error" role="alert">
            {q.missing.length ? t.needsAttention(q.missing) : t.fixErrors}
          </p>
        )}
        {q.status === 'failed' && q.formError && (
          <p className="questionnaire-form-error" part="form-error" role="alert">
            {q.formError}
          </p>
        )}
        {!completed && (
          <div className="questionnaire-actions" part="actions">
            {(screen.data.canGoBack || (mode === 'single' && q.index > 1)) && (
              <Button tone="secondary" part="back" onClick={() => void q.back()} disabled={saving}>
                {t.back}
              </Button>
            )}
            {mode === 'single' && q.buttons.next !== 'hidden' && (
              <Button type="submit" part="next" disabled={q.buttons.next === 'disabled'} busy={saving}>
                {t.next}
              </Button>
            )}
            {!screen.data.disableNext && q.buttons.submit !== 'hidden' && (
              <Button type="submit" part="submit" disabled={q.buttons.submit === 'disabled'} busy={saving}>
                {saving ? t.saving : finalLabel}
              </Button>
            )}
          </div>
        )}
      </Form>
    </div>
  );
}

export interface QuestionnaireProps {
  questionnaire: string;
  responseId: string;
  pin: string;
  mode: QuestionnaireMode;
  element: ElementHandle;
}

export function Questionnaire(props: QuestionnaireProps) {
  const q = useQuestionnaire(props);
  return <QuestionnaireView q={q} mode={props.mode} />;
}
