/**
 * Tip box, acknowledge button (advances the single-question step), link to the next questionnaire and
 * the read-only summary list (widget spec §2).
 */
import { useLoad } from '../../../core/graphql/use-load';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { questionnaireTexts } from '../../../core/i18n/questionnaire';
import { attr, isRequired, variablesOf, YES } from '../widget';
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
  const variable = variablesOf(spec)[0];
  const done = variable ? values[variable] === YES : false;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={done ? spec.text : ''}>
      {(ids) => (
        <button
          type="button"
          className="button button-primary"
          part="acknowledge"
          aria-pressed={done}
          aria-describedby={ids.describedBy}
          data-state={done ? 'acknowledged' : 'pending'}
          onClick={() => {
            if (variable) onChange({ [variable]: YES });
            env.advance();
          }}
        >
          {spec.text || attr(spec, 'hu-title')}
        </button>
      )}
    </WidgetFrame>
  );
}

export default { Widget: StaticWidget, rules: staticRules } satisfies WidgetModule;
