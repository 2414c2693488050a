// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../testing/react-root';

vi.mock('./favorite-actions', () => ({ toggleFavorite: vi.fn(), followSessionForFavorites: vi.fn() }));
const { toggleFavorite, followSessionForFavorites } = await import('./favorite-actions');
const { useFavorite } = await import('./use-favorite');
const { setFavorite, favoritesAtom } = await import('./favorites');
const { hearthStore } = await import('../state/store');

const dom = testRoot();
afterEach(() => hearthStore.set(favoritesAtom, {}));

const listing = { id: '1001', isFavorite: false, favoriteCount: 2 };

function Heart({ name, onChanged }: { name: string; onChanged: (detail: unknown) => void }) {
  const { favorite, busy, toggle } = useFavorite(listing, onChanged);
  return (
    <button type="button" data-name={name} data-state={favorite?.favorited ? 'favorited' : 'idle'} data-count={favorite?.count} aria-busy={busy || undefined} onClick={toggle}>
      heart
    </button>
  );
}

const heart = (name: string) => dom.container.querySelector<HTMLButtonElement>(`[data-name="${name}"]`)!;

describe('useFavorite', () => {
  it('starts from the listing, follows the session, and fills every heart of the same listing at once', async () => {
    let resolve!: (favorited: boolean | null) => void;
    vi.mocked(toggleFavorite).mockImplementation((id) =>
      new Promise((r) => (resolve = r)).then((favorited) => {
        if (favorited !== null) setFavorite(id, favorited as boolean);
        return favorited as boolean | null;
      }),
    );
    const changed = vi.fn();
    await dom.renderAsync(
      <>
        <Heart name="card" onChanged={changed} />
        <Heart name="detail" onChanged={vi.fn()} />
      </>,
    );
    expect(followSessionForFavorites).toHaveBeenCalled();
    expect(heart('detail').dataset).toMatchObject({ state: 'idle', count: '2' });

    await act(async () => heart('detail').click());
    expect(heart('detail').getAttribute('aria-busy')).toBe('true');
    // A second press while the first is on its way does nothing.
    await act(async () => heart('detail').click());
    expect(toggleFavorite).toHaveBeenCalledTimes(1);
    await act(async () => resolve(true));
    expect(heart('card').dataset).toMatchObject({ state: 'favorited', count: '3' });
    expect(heart('detail').dataset).toMatchObject({ state: 'favorited', count: '3' });
    expect(heart('detail').hasAttribute('aria-busy')).toBe(false);
    expect(changed).not.toHaveBeenCalled();
  });

  it('reports the change; a visitor who does not sign in changes nothing', async () => {
    const changed = vi.fn();
    vi.mocked(toggleFavorite).mockResolvedValueOnce(null);
    await dom.renderAsync(<Heart name="card" onChanged={changed} />);
    await act(async () => heart('card').click());
    expect(changed).not.toHaveBeenCalled();
    vi.mocked(toggleFavorite).mockResolvedValueOnce(true);
    await act(async () => heart('card').click());
    expect(changed).toHaveBeenCalledWith({ listingId: '1001', favorited: true });
  });
});
