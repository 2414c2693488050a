import { describe, expect, it } from 'vitest';
import { widgetTexts } from '../texts';
import { specOf } from '../test-spec';
import { ASSESSMENT_FIELDS, ASSESSMENT_SECTIONS, assessmentResultRules, assessmentValue, safeWebsite, statusState } from './assessment-result.rules';

describe('assessment result (widget spec §3, §4)', () => {
  it('opens Candidate, Attention and Work Ready, and closes Additional Information', () => {
    expect(ASSESSMENT_SECTIONS.map((s) => [widgetTexts.assessment.sections[s.id], s.open])).toEqual([
      ['Candidate', true],
      ['Attention', true],
      ['Work Ready', true],
      ['Additional Information', false],
    ]);
  });

  it('shows every field of §3 in exactly one section', () => {
    const shown = ASSESSMENT_SECTIONS.flatMap((s) => s.fields);
    expect([...shown].sort()).toEqual([...ASSESSMENT_FIELDS].sort());
    expect(ASSESSMENT_FIELDS).toHaveLength(15);
  });

  it("is on-track only when the status equals 'Eligible'", () => {
    expect(statusState('Eligible')).toBe('on-track');
    expect(statusState('Not Eligible')).toBe('urgent');
    expect(statusState('eligible')).toBe('urgent');
    expect(statusState('')).toBe('urgent');
  });

  it('reads the context first, then the attribute; writes nothing', () => {
    const spec = specOf('<hu-assessment-result prefix="a_" result-status="Pending" candidate-name="Ada">');
    expect(assessmentValue(spec, { a_resultStatus: 'Eligible' }, 'resultStatus')).toBe('Eligible');
    expect(assessmentValue(spec, {}, 'resultStatus')).toBe('Pending');
    expect(assessmentValue(spec, {}, 'candidateName')).toBe('Ada');
    expect(assessmentValue(spec, {}, 'jobTitle')).toBe('');
    expect(assessmentResultRules.variables(spec)).toEqual([]);
    expect(assessmentResultRules.validate(spec, {})).toBeNull();
  });

  it('links the agency website only when it is http(s)', () => {
    expect(safeWebsite('https://www.mitss.gov.mz/')).toBe('https://www.mitss.gov.mz/');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('not a url')).toBeNull();
  });
});
