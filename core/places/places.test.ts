import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_START_MS, DEFAULT_COUNTRIES, FOCUS_DEBOUNCE_MS, locationFromSlug, locationSlug } from './places';

describe('place search constants (spec §9)', () => {
  it('starts autocomplete 1000 ms after load and debounces focus by 150 ms', () => {
    expect(AUTOCOMPLETE_START_MS).toBe(1000);
    expect(FOCUS_DEBOUNCE_MS).toBe(150);
  });

  it('restricts to US and NP by default', () => {
    expect(DEFAULT_COUNTRIES).toEqual(['us', 'np']);
  });
});

describe('location slug (spec §3 default search location)', () => {
  it('writes Salt Lake City as the spec does', () => {
    expect(locationSlug('Salt Lake City, UT, USA')).toBe('Salt-Lake-City,-UT,-USA');
  });

  it('reads it back', () => {
    expect(locationFromSlug('Salt-Lake-City,-UT,-USA')).toBe('Salt Lake City, UT, USA');
  });
});
