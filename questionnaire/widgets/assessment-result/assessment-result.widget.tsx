/**
 * hu-assessment-result: the result in collapsible sections (native details/summary, so the keyboard
 * opens and closes them); the status is on-track when 'Eligible', urgent otherwise (widget spec §3, §4).
 */
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { ASSESSMENT_SECTIONS, assessmentResultRules, assessmentValue, safeWebsite, statusState, type AssessmentField } from './assessment-result.rules';

const t = widgetTexts.assessment;
const STATUS_COLOR = { 'on-track': 'var(--hearth-color-success, #067647)', urgent: 'var(--hearth-color-error, #b42318)' } as const;

function AssessmentResultWidget({ spec, values }: WidgetProps) {
  const shown = (field: AssessmentField) => {
    const value = assessmentValue(spec, values, field);
    if (!value) return <span data-empty="true">{t.empty}</span>;
    if (field === 'resultStatus') {
      const state = statusState(value);
      return (
        <strong className="widget-status" data-state={state} style={{ color: STATUS_COLOR[state] }}>
          {value}
        </strong>
      );
    }
    if (field === 'govtAgencyWebsite') {
      const href = safeWebsite(value);
      if (href)
        return (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {value}
          </a>
        );
    }
    return value;
  };
  return (
    <WidgetFrame spec={spec} errors={null} showErrors={false} required={false} preview={assessmentResultRules.display(spec, values)}>
      {() => (
        <div className="widget-assessment">
          {ASSESSMENT_SECTIONS.map((section) => (
            <details key={section.id} open={section.open} data-section={section.id}>
              <summary style={{ fontWeight: 600, cursor: 'pointer' }}>{t.sections[section.id]}</summary>
              <dl>
                {section.fields.map((field) => (
                  <div key={field} data-field={field} style={{ marginBlockEnd: '8px' }}>
                    <dt style={{ fontWeight: 600 }}>{t.fields[field]}</dt>
                    <dd style={{ whiteSpace: 'pre-line', margin: 0 }}>{shown(field)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: AssessmentResultWidget, rules: assessmentResultRules } satisfies WidgetModule;
