import { describe, expect, it } from 'vitest';
import { caseStage, editRequestUrl, latestCase, type MortgageCaseData } from './cases';

const make = (id: string, slugId: string, mortgageStatus: string | null): MortgageCaseData => ({
  id,
  mortgageStatus,
  created: '2026-01-01T00:00:00.000Z',
  applicationType: { slugId },
  caseResponse: { id: `response-${id}`, completedAt: mortgageStatus ? '2026-01-02T00:00:00.000Z' : null },
});

describe('latestCase', () => {
  const cases = [make('3', 'mortgage-refinance', null), make('2', 'mortgage-prequalification', 'Under Review'), make('1', 'mortgage-prequalification', null)];

  it('picks the newest case of the kind asked for', () => {
    expect(latestCase(cases, 'prequalification')!.id).toBe('2');
    expect(latestCase(cases, 'refinance')!.id).toBe('3');
  });

  it('is null when the viewer has none of that kind', () => {
    expect(latestCase([make('3', 'mortgage-refinance', null)], 'prequalification')).toBeNull();
    expect(latestCase([], 'refinance')).toBeNull();
  });
});

describe('caseStage', () => {
  it('resumes an open questionnaire and shows the status of a submitted one', () => {
    expect(caseStage(null)).toBe('none');
    expect(caseStage(make('1', 'mortgage-prequalification', null))).toBe('in-progress');
    expect(caseStage(make('1', 'mortgage-prequalification', 'Under Review'))).toBe('submitted');
  });
});

describe('editRequestUrl', () => {
  it("links to /account/pre-qualification-edit/{caseResponse id} on the hosted site by default", () => {
    expect(editRequestUrl('', 'https://api.hearth.test/', 'abc-123')).toBe('https://api.hearth.test/account/pre-qualification-edit/abc-123');
  });

  it('fills an edit-url template instead when given', () => {
    expect(editRequestUrl('/my/prequal?response={id}', 'https://api.hearth.test', 'abc-123')).toBe('/my/prequal?response=abc-123');
  });
});
