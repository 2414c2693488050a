import { describe, expect, it } from 'vitest';
import { tokensToCss } from './theme';

describe('tokensToCss', () => {
  it('writes each token as a --hearth- custom property on :host', () => {
    expect(tokensToCss({ 'color-primary': '#0b6e4f', radius: '4px' })).toBe(
      ':host { --hearth-color-primary: #0b6e4f; --hearth-radius: 4px; }',
    );
  });

  it('drops a value that would close the declaration or the rule', () => {
    expect(tokensToCss({ 'color-primary': 'red; } body { display: none' })).toBe(':host {  }');
  });

  it('drops url() values and bad names', () => {
    expect(tokensToCss({ 'color-primary': 'url(https://evil.test/x)', 'Bad Name': 'red' })).toBe(':host {  }');
  });
});
