// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceSession } from '../../core/auth/sessions-api';
import { devicesState, type useSignedInDevices } from '../../core/auth/use-signed-in-devices';
import { sessionTexts as t } from '../../core/i18n/sessions';
import { testRoot } from '../../core/testing/react-root';
import { SignedInDevicesView } from './signed-in-devices';

type Behaviour = ReturnType<typeof useSignedInDevices>;

const session = (id: string, device: string | null, current = false): DeviceSession => ({
  id,
  kind: 'TOKEN',
  device,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-26T09:30:00.000Z',
  current,
});

const behaviour = (overrides: Partial<Behaviour> = {}): Behaviour => ({
  state: { status: 'loading' },
  pending: null,
  notice: null,
  reload: vi.fn(),
  signOut: vi.fn(async () => {}),
  signOutOthers: vi.fn(async () => {}),
  ...overrides,
});

const dom = testRoot();
const render = (b: Behaviour) => {
  dom.render(<SignedInDevicesView behaviour={b} />);
  return dom.container;
};

describe('Signed-in devices section', () => {
  it('orders this device first and the others after it', () => {
    const state = devicesState([session('7', 'Firefox on Windows'), session('9', 'Chrome on Linux', true), session('3', null)]);
    expect(state.status).toBe('loaded');
    if (state.status !== 'loaded') return;
    expect(state.current?.id).toBe('9');
    expect(state.others.map((s) => s.id)).toEqual(['7', '3']);
  });

  it('shows loading, then a failure with a retry', () => {
    const loading = render(behaviour());
    expect(loading.querySelector('[data-state="loading"] [role="status"]')?.textContent).toBe(t.loading);
    const b = behaviour({ state: { status: 'failed' } });
    const failed = render(b);
    expect(failed.querySelector('[role="alert"]')?.textContent).toContain(t.failed);
    act(() => (failed.querySelector('[role="alert"] button') as HTMLButtonElement).click());
    expect(b.reload).toHaveBeenCalled();
  });

  it('shows this device without a sign-out button, and the empty text when it is the only one', () => {
    const view = render(behaviour({ state: devicesState([session('9', 'Chrome on Linux', true)]) }));
    expect(view.querySelector('[part="device"][data-current="true"]')?.textContent).toContain('Chrome on Linux');
    expect(view.querySelector('[part="device"]')?.textContent).toContain(t.thisDevice);
    expect(view.querySelector('[part="device-sign-out"]')).toBeNull();
    expect(view.querySelector('[part="sign-out-others"]')).toBeNull();
    expect(view.querySelector('.devices-empty')?.textContent).toBe(t.empty);
  });

  it('signs out one other device, or every other one', () => {
    const b = behaviour({ state: devicesState([session('9', 'Chrome on Linux', true), session('7', 'Firefox on Windows'), session('3', null)]) });
    const view = render(b);
    const buttons = [...view.querySelectorAll<HTMLButtonElement>('[part="device-sign-out"]')];
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([t.signOutLabel('Firefox on Windows'), t.signOutLabel(t.unknownDevice)]);
    act(() => buttons[0]!.click());
    expect(b.signOut).toHaveBeenCalledWith('7', t.signOutFailed);
    act(() => view.querySelector<HTMLButtonElement>('[part="sign-out-others"]')!.click());
    expect(b.signOutOthers).toHaveBeenCalled();
  });

  it('disables the buttons while one runs and shows what failed', () => {
    const view = render(
      behaviour({
        state: devicesState([session('9', 'Chrome on Linux', true), session('7', 'Firefox on Windows')]),
        pending: '7',
        notice: { tone: 'error', text: t.signOutFailed },
      }),
    );
    const button = view.querySelector<HTMLButtonElement>('[part="device-sign-out"]')!;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(t.signingOut);
    expect(view.querySelector('[part="sign-out-others"]')!.hasAttribute('disabled')).toBe(true);
    expect(view.querySelector('.devices-notice[role="alert"]')?.textContent).toBe(t.signOutFailed);
  });

  it('texts count the devices signed out', () => {
    expect(t.signedOutOthers(1)).toBe('Signed out 1 other device.');
    expect(t.signedOutOthers(3)).toBe('Signed out 3 other devices.');
  });
});
