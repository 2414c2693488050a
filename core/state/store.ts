/**
 * The one jotai store shared by every Hearth element on a page (they all import the runtime chunk once),
 * so what one element learns — the app context now, the session and favourites later — every element sees.
 */
import { createStore } from 'jotai/vanilla';

export const hearthStore = createStore();
