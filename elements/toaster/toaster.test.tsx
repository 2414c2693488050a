// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { toastsAtom } from '../../core/ui/toast-state';
import { Toaster } from './toaster.view';

const dom = testRoot();
afterEach(() => act(() => hearthStore.set(toastsAtom, [])));

describe('<hearth-toaster>', () => {
  it('a message given to it (a server-written page’s flash) shows once as a toast', () => {
    const host = document.createElement('hearth-toaster');
    host.setAttribute('message', "You've been successfully logged out.");
    const element = { tag: 'hearth-toaster', host, emit: () => {} };
    dom.render(<Toaster message="You've been successfully logged out." tone="success" element={element} />);
    const toasts = [...dom.container.querySelectorAll('[part="toast"]')];
    expect(toasts.map((toast) => toast.querySelector('.toast-message')!.textContent)).toEqual(["You've been successfully logged out."]);
    expect(toasts[0]!.getAttribute('data-tone')).toBe('success');
    expect(toasts[0]!.getAttribute('role')).toBe('status');
    // Rendered again, or mounted anew, with the attribute still there, then without it: still the one toast.
    dom.render(<Toaster message="You've been successfully logged out." tone="success" element={{ ...element }} />);
    dom.remount();
    dom.render(<Toaster message="You've been successfully logged out." tone="success" element={element} />);
    dom.render(<Toaster message="" tone="success" element={element} />);
    expect(dom.container.querySelectorAll('[part="toast"]')).toHaveLength(1);
  });

  it('without a message it only shows the page’s toasts', () => {
    dom.render(<Toaster message="" tone="info" element={{ tag: 'hearth-toaster', host: document.createElement('hearth-toaster'), emit: () => {} }} />);
    expect(dom.container.querySelectorAll('[part="toast"]')).toHaveLength(0);
  });
});
