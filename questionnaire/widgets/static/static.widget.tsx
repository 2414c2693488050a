/**
 * Tip box, acknowledge button (advances the single-question step), link to the next questionnaire and
 * the read-only summary list (widget spec §2).
 */
import { useLoad } from '../../../core/graphql/use-load';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { questionnaireTexts } from '../../../core/i18n/questionnaire';
import { attr, flag, isRequired, variablesOf, YES } from '../widget';
import { staticRules } from './static.rules';

function SummaryList({ env }: Pick<WidgetProps, 'env'>) {
  const { result } = useLoad(env.responseId, () => env.loadSummary());
  if (!result) return null;
  const sections = result.ok ? result.value : [];
  if (sections.length === 0) return <p>{questionnaireTexts.summaryEmpty}</p>;
  return (
    <div className="widget-summary" part="summary">
      {sections.map((section) => (
        <section key={section.screenId}>
          <h3>{section.subjectName}</h3>
          <dl>
            {section.items.map((item) => (
              <div key={item.key} className="widget-summary-item">
                <dt>{item.title}</dt>
                <dd>{item.value || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function StaticWidget({ spec, values, onChange, errors, showErrors, env }: WidgetProps) {
  if (spec.tag === 'hu-tip-box') {
    return (
      <aside className="widget widget-tip" part="tip-box" data-widget={spec.tag} data-key={spec.key}>
        {attr(spec, 'hu-title') && <p className="widget-title">{attr(spec, 'hu-title')}</p>}
        <p>{spec.text}</p>
      </aside>
    );
  }
  if (spec.tag === 'hu-summary-list') {
    return (
      <WidgetFrame spec={spec} errors={null} showErrors={false} required={false} preview="">
        {() => <SummaryList env={env} />}
      </WidgetFrame>
    );
  }
  if (spec.tag === 'hu-next-questionnaire') {
    const slug = attr(spec, 'questionnaire') ?? '';
    return (
      <WidgetFrame spec={spec} errors={null} showErrors={false} required={false} preview="">
        {() => (
          <button type="button" className="button button-secondary" part="next-questionnaire" disabled={!slug} onClick={() => env.startQuestionnaire(slug)}>
            {spec.text || slug}
          </button>
        )}
      </WidgetFrame>
    );
  }
  return <Acknowledge spec={spec} values={values} onChange={onChange} errors={errors} showErrors={showErrors} env={env} />;
}

/**
 * The acknowledge button (widget spec §2: it advances the single-question step). In the whole form it reads as
 * what it is, a confirmation the person gives: a pressed/not-pressed toggle with a box that is ticked once given
 * (pending until then; pressing again withdraws it). With `submits` it is the screen's submit itself: pressing
 * gives the confirmation and sends the screen, and the form shows no other Submit button.
 */
function Acknowledge({ spec, values, onChange, errors, showErrors, env }: WidgetProps) {
  const variable = variablesOf(spec)[0];
  const given = variable ? values[variable] === YES : false;
  const label = spec.text || attr(spec, 'hu-title');
  const submits = flag(spec, 'submits');
  const toggle = env.layout === 'form' && !submits;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={given ? spec.text : ''}>
      {(ids) => (
        <button
          type="button"
          className={`button ${toggle ? 'button-secondary widget-acknowledge-toggle' : 'button-primary'}`}
          part="acknowledge"
          aria-pressed={submits ? undefined : given}
          aria-describedby={ids.describedBy}
          aria-busy={submits && env.saving ? true : undefined}
          disabled={submits && env.saving}
          data-state={given ? 'acknowledged' : 'pending'}
          onClick={() => {
            if (toggle) return variable && onChange({ [variable]: given ? '' : YES });
            if (variable) onChange({ [variable]: YES });
            if (submits && env.submit) env.submit();
            else env.advance();
          }}
        >
          {toggle && <span className="widget-acknowledge-box" aria-hidden="true" />}
          {label}
        </button>
      )}
    </WidgetFrame>
  );
}

export default { Widget: StaticWidget, rules: staticRules } satisfies WidgetModule;
