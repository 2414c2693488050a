/** Label values stay bounded whatever clients send (server/observability/metrics.ts). */
import { describe, expect, it } from 'vitest';
import { BoundedLabels } from './metrics';

describe('BoundedLabels', () => {
  it('keeps the first names it sees, then answers "other"', () => {
    const labels = new BoundedLabels(3, ['anonymous']);
    expect(labels.label('SearchListings')).toBe('SearchListings');
    expect(labels.label('ListingDetail')).toBe('ListingDetail');
    expect(labels.label('OneTooMany')).toBe('other');
    // Names already kept stay theirs.
    expect(labels.label('SearchListings')).toBe('SearchListings');
    expect(labels.label('anonymous')).toBe('anonymous');
  });

  it('never takes a malformed name, however much room is left', () => {
    const labels = new BoundedLabels(100);
    for (const name of ['', 'has space', 'x'.repeat(65), '<script>', 'a+b+c+d+e', '9starts']) expect(labels.label(name)).toBe('other');
    expect(labels.label('a+b')).toBe('a+b');
  });
});
