import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import { capitalize, textRules, TEXTAREA_COLS, TEXTAREA_ROWS } from './text.rules';

const check = (markup: string, value: string) => {
  const spec = specOf(markup);
  return textRules.validate(spec, textRules.normalize(spec, { v: value }));
};

describe('text widget rules (widget spec §5)', () => {
  it('is required unless the attribute says otherwise', () => {
    expect(check('<hu-text variables="v">', '')).toEqual({ required: 'true' });
    expect(check('<hu-text variables="v">', '   ')).toEqual({ required: 'true' });
    expect(check('<hu-text variables="v" required="false">', '')).toBeNull();
  });

  it('allows ASCII characters 0 to 127 only by default', () => {
    expect(check('<hu-text variables="v">', 'Plain ASCII ~ 123')).toBeNull();
    expect(check('<hu-text variables="v">', 'Café')).toEqual({ pattern: 'true' });
    expect(check('<hu-text variables="v" asciionly="false">', 'Café 💥')).toBeNull();
  });

  it('a custom regex overrides the default pattern, anchored', () => {
    expect(check('<hu-text variables="v" regex="[0-9]{4}">', '1234')).toBeNull();
    expect(check('<hu-text variables="v" regex="[0-9]{4}">', '12345')).toEqual({ pattern: 'true' });
    expect(check('<hu-text variables="v" regex="[a-zé]+">', 'café')).toBeNull();
  });

  it('the currency pattern allows letters, digits and commas only', () => {
    expect(check('<hu-text variables="v" types="currency">', 'USD1,000')).toBeNull();
    expect(check('<hu-text variables="v" types="currency">', '$1,000.00')).toEqual({ pattern: 'true' });
  });

  it('capitalises the first letter or every word', () => {
    expect(capitalize(specOf('<hu-text capitalize-first>'), 'ada lovelace')).toBe('Ada lovelace');
    expect(capitalize(specOf('<hu-text capitalize-words>'), 'ada lovelace')).toBe('Ada Lovelace');
    expect(capitalize(specOf('<hu-text>'), 'ada')).toBe('ada');
  });

  it('masks a secure value in the summary', () => {
    expect(textRules.display(specOf('<hu-text variables="v" secure>'), { v: '1234' })).toBe('••••••••');
  });

  it('textarea defaults: 4 rows and 150 cols (spec §9)', () => {
    expect([TEXTAREA_ROWS, TEXTAREA_COLS]).toEqual([4, 150]);
  });
});
