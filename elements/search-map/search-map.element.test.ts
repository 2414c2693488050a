// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { searchMapAttributes } from './search-map.element';

describe('<hearth-search-map for>', () => {
  it('starts for sale unless told rent or any (Find a Home shows homes for sale, no rents among them)', () => {
    expect(searchMapAttributes.for.parse(null)).toMatchObject({ value: 'sale' });
    expect(searchMapAttributes.for.parse('any')).toMatchObject({ value: 'any' });
    expect(searchMapAttributes.for.parse('rent')).toMatchObject({ value: 'rent' });
  });
});
