// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { listingTexts as t } from '../../../core/i18n/listing';
import { testRoot } from '../../../core/testing/react-root';
import { FavoriteButton } from './favorite-button';

const dom = testRoot();
const ADDRESS = '455 E 300 S, Salt Lake City, UT 84111';

describe('the heart', () => {
  it('says what pressing it does: save, or once saved remove; the count shows and is in the name', () => {
    dom.render(<FavoriteButton listingName={ADDRESS} favorite={{ favorited: false, count: 1 }} busy={false} onToggle={() => {}} />);
    const heart = dom.container.querySelector('button')!;
    expect(heart.getAttribute('aria-label')).toBe(`${t.favorite(ADDRESS)} (1 save)`);
    expect(heart.textContent).toBe('1');
    dom.render(<FavoriteButton listingName={ADDRESS} favorite={{ favorited: true, count: 2 }} busy={false} onToggle={() => {}} />);
    expect(heart.getAttribute('aria-label')).toBe(`Remove ${ADDRESS} from favourites (2 saves)`);
    expect(heart.dataset.state).toBe('favorited');
    expect(heart.hasAttribute('aria-pressed')).toBe(false);
  });

  it('is busy while a toggle is on its way, and reports a press', () => {
    const onToggle = vi.fn();
    dom.render(<FavoriteButton listingName={ADDRESS} favorite={{ favorited: false, count: 0 }} busy onToggle={onToggle} className="favorite-on-photo" />);
    const heart = dom.container.querySelector('button')!;
    expect(heart.getAttribute('aria-busy')).toBe('true');
    expect(heart.className).toBe('favorite favorite-on-photo');
    act(() => heart.click());
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});
