import { describe, expect, it } from 'vitest';
import { OPEN_TOUR_STATUSES } from './requests';

describe('the buyer’s tours', () => {
  it('open tours are the ones not over', () => {
    expect(OPEN_TOUR_STATUSES).toEqual(['REQUESTED', 'ACCEPTED', 'SCHEDULED']);
  });
});
