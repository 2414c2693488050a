// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContextAtom } from '../../core/config/config';
import { paintSkeletons, removeSkeleton } from '../../core/define-element/skeleton';
import { readSkeletonInput } from '../../core/ui/use-skeleton-handover';
import { loadPhoneRules } from '../../core/format/phone-load';
import { hearthStore } from '../../core/state/store';
import { skeleton } from './contact-form.skeleton';
import { ContactForm } from './contact-form.view';

const submitContactForm = vi.fn();
vi.mock('../../core/contact/api', () => ({ submitContactForm: (...args: unknown[]) => submitContactForm(...args) }));

let root: Root | null = null;

beforeAll(() => loadPhoneRules());

beforeEach(() => {
  window.hearth = { loader: '0.1.0', api: 'https://api.hearth.test', partner: 'acme', cdn: 'https://api.hearth.test/cdn/v0.1.0/' };
  hearthStore.set(appContextAtom, null);
  submitContactForm.mockReset().mockResolvedValue({ kind: 'created', id: 'lead-1' });
});

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  document.body.innerHTML = '';
  delete window.hearth;
});

/** The element's first render as define-element makes it: into the skeleton's root, the skeleton removed after the view's layout effects. */
async function takeOver(host: HTMLElement, emit = vi.fn()) {
  const shadow = host.shadowRoot!;
  const mount = document.createElement('div');
  shadow.append(mount);
  root = createRoot(mount);
  await act(async () => {
    root!.render(<ContactForm listingId={null} variant="default" hideAgent={false} element={{ tag: skeleton.tag, host, emit }} />);
  });
  removeSkeleton(shadow);
  // The phone rules (already in) and the send resolve.
  await act(async () => {
    await loadPhoneRules();
  });
  return { shadow, view: mount, emit };
}

describe("<hearth-contact-form>'s live skeleton hands over to the view (DESIGN §5)", () => {
  it('keeps what was typed, the focus and the caret', async () => {
    document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    await paintSkeletons(skeleton);
    const host = document.querySelector<HTMLElement>('hearth-contact-form')!;
    const shadow = host.shadowRoot!;
    const field = (name: string) => shadow.querySelector<HTMLInputElement>(`[data-skeleton] [name="${name}"]`)!;
    field('firstName').value = 'Ada';
    field('phone').value = '(801) 363-41';
    field('phone').focus();
    field('phone').setSelectionRange(5, 5);

    const { view } = await takeOver(host);
    expect(readSkeletonInput(shadow)).toBeNull();
    const phone = view.querySelector<HTMLInputElement>('input[name="phone"]')!;
    expect(view.querySelector<HTMLInputElement>('input[name="firstName"]')!.value).toBe('Ada');
    expect(phone.value).toBe('(801) 363-41');
    expect(shadow.activeElement).toBe(phone);
    expect(phone.selectionStart).toBe(5);
    expect(submitContactForm).not.toHaveBeenCalled();
  });

  it('a Send pressed before the view was ready is sent once the view is ready, once, with the phone in E.164', async () => {
    document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    await paintSkeletons(skeleton);
    const host = document.querySelector<HTMLElement>('hearth-contact-form')!;
    const shadow = host.shadowRoot!;
    const typed = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(801) 363-4127', comment: 'May I see it on Saturday?' };
    for (const [name, value] of Object.entries(typed)) shadow.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value = value;
    const form = shadow.querySelector('form')!;
    // Pressed twice while the view loads: held, and sent once.
    for (let i = 0; i < 2; i++) form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(shadow.querySelector('[part="submit"]')!.getAttribute('data-state')).toBe('busy');

    const { view, emit } = await takeOver(host);
    expect(submitContactForm).toHaveBeenCalledTimes(1);
    expect(submitContactForm.mock.calls[0]![0]).toEqual({ ...typed, phone: '+18013634127' });
    expect(view.querySelector('[part="thank-you"]')).not.toBeNull();
    expect(emit).toHaveBeenCalledWith('contact-submitted', { leadId: 'lead-1', listingId: null });
  });

  it('a held Send of an invalid form shows what is wrong instead of sending', async () => {
    document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    await paintSkeletons(skeleton);
    const host = document.querySelector<HTMLElement>('hearth-contact-form')!;
    const shadow = host.shadowRoot!;
    shadow.querySelector<HTMLInputElement>('[name="phone"]')!.value = '555-0142';
    shadow.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

    const { view } = await takeOver(host);
    expect(submitContactForm).not.toHaveBeenCalled();
    const phone = view.querySelector<HTMLInputElement>('input[name="phone"]')!;
    const message = view.querySelector(`#${CSS.escape(phone.getAttribute('aria-describedby')!)}`)!;
    expect(message.textContent).toBe('Phone number is invalid. It has too few digits for a number in the United States.');
  });
});

describe('the phone field', () => {
  it('is reformatted as typed at its end once its rules are in', async () => {
    document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    await paintSkeletons(skeleton);
    const host = document.querySelector<HTMLElement>('hearth-contact-form')!;
    const { view } = await takeOver(host);
    const phone = view.querySelector<HTMLInputElement>('input[name="phone"]')!;
    const type = (value: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(phone, value);
        phone.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('8013634');
    expect(phone.value).toBe('(801) 363-4');
    // Deleting is left as typed.
    type('(801) 363-');
    expect(phone.value).toBe('(801) 363-');
  });
});
