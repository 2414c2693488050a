import { describe, expect, it } from 'vitest';
import { pageBeneathLogin } from './page-behaviours';

describe('after a login from the login dialog (spec §2 dialogs as routes)', () => {
  it("goes on to the page beneath the dialog's URL, its query and fragment kept", () => {
    expect(pageBeneathLogin('/search/log-in?location=provo-ut')).toBe('/search?location=provo-ut');
    expect(pageBeneathLogin('/listing/a/HRT1/log-in#facts')).toBe('/listing/a/HRT1#facts');
    expect(pageBeneathLogin('/about')).toBe('/about');
    // The log-in page itself is a page, not a dialog over the home page.
    expect(pageBeneathLogin('/log-in?next=%2Fx')).toBe('/log-in?next=%2Fx');
  });
});
