// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initialContactFormState, type ContactFormState } from '../../core/contact/contact-form-state';
import { contactTexts as t } from '../../core/i18n/contact';
import { testRoot } from '../../core/testing/react-root';
import { ContactFormView, type ContactFormViewProps } from './contact-form.view';


const baseProps: ContactFormViewProps = {
  variant: 'default',
  forListing: false,
  address: null,
  photoUrl: null,
  photoAlt: t.stockPhotoAlt,
  agent: null,
  appName: 'Hearth',
  tollFree: { href: 'tel:+18005550199', text: '(800) 555-0199' },
  contactPhone: { href: 'tel:+18015550142', text: '(801) 555-0142' },
  privacyUrl: 'https://hearth.test/about/privacy-policy',
  contactUrl: 'https://hearth.test/about/contact',
  state: initialContactFormState,
  onChange: () => {},
  onPhoneFocus: () => {},
  onSubmit: () => {},
  onHoneypot: () => {},
};

const dom = testRoot();

function render(props: Partial<ContactFormViewProps>) {
  dom.render(<ContactFormView {...baseProps} {...props} />);
  return dom.container;
}



describe('ContactFormView', () => {
  it("asks 'Connect with me' without a listing", () => {
    expect(render({}).querySelector('h2')!.textContent).toBe('Connect with me');
  });

  it("asks 'Want a closer look?' and says 'Go see {address}' for a listing", () => {
    const view = render({ forListing: true, address: '41 Elm St, Salt Lake City, UT 84101', photoUrl: 'https://x.test/p.jpg' });
    expect(view.querySelector('h2')!.textContent).toBe('Want a closer look?');
    expect(view.querySelector('[part="go-see"]')!.textContent).toBe('Go see 41 Elm St, Salt Lake City, UT 84101');
    expect(view.querySelector<HTMLImageElement>('[part="photo"]')!.src).toBe('https://x.test/p.jpg');
  });

  it('leaves the photo out of the small variant', () => {
    const view = render({ forListing: true, variant: 'small', photoUrl: 'https://x.test/p.jpg' });
    expect(view.querySelector('[part="photo"]')).toBeNull();
    expect(view.querySelector('article')!.dataset.variant).toBe('small');
  });

  it('shows no error text while untouched', () => {
    expect(render({}).querySelectorAll('[part="error"]')).toHaveLength(0);
  });

  it('shows each field error under its field, linked for screen readers', () => {
    const state: ContactFormState = {
      ...initialContactFormState,
      status: 'invalid',
      submitAttempted: true,
      errors: { email: t.errors.emailInvalid },
    };
    const view = render({ state });
    const input = view.querySelector<HTMLInputElement>('input[name="email"]')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = view.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!)}`)!;
    expect(message.textContent).toBe('Email is invalid.');
  });

  it('keeps typed values and explains a failed send', () => {
    const state: ContactFormState = {
      ...initialContactFormState,
      status: 'failed',
      failure: 'server',
      values: { ...initialContactFormState.values, firstName: 'Ada' },
    };
    const view = render({ state });
    expect(view.querySelector<HTMLInputElement>('input[name="firstName"]')!.value).toBe('Ada');
    expect(view.querySelector('[part="failure"]')!.textContent).toBe(t.errors.server);
  });

  it('hides the form and shows the thank-you panel once processed', () => {
    const view = render({ state: { ...initialContactFormState, status: 'processed', leadId: 'x' } });
    expect(view.querySelector('form')).toBeNull();
    const panel = view.querySelector('[part="thank-you"]')!;
    expect(panel.querySelector('h3')!.textContent).toBe('Thank you');
    expect(panel.textContent).toContain("We'll be in touch soon to confirm your request.");
    expect(panel.querySelector<HTMLAnchorElement>('[part="thank-you-phone"]')!.href).toBe('tel:+18015550142');
    expect(panel.querySelector<HTMLAnchorElement>('[part="thank-you-contact"]')!.href).toBe('https://hearth.test/about/contact');
  });

  it('shows the agent card with formatted phone numbers', () => {
    const view = render({
      agent: {
        name: 'Avery Stone',
        picture: null,
        office: { href: 'tel:+18015550142', text: '(801) 555-0142' },
        cell: { href: 'tel:+18015550199', text: '(801) 555-0199' },
        email: 'avery@acme.test',
      },
    });
    const card = view.querySelector('[part="agent-card"]')!;
    expect(card.textContent).toContain('Avery Stone');
    expect(card.textContent).toContain('(801) 555-0142');
    expect(card.textContent).toContain('(801) 555-0199');
  });

  it('shows the toll-free line with the never-spam privacy link and the consent text', () => {
    const view = render({ appName: 'Acme Homes' });
    const line = view.querySelector('[part="call-line"]')!;
    expect(line.textContent).toContain('(800) 555-0199');
    expect(line.querySelector<HTMLAnchorElement>('a[href$="privacy-policy"]')!.textContent).toBe(t.neverSpam);
    expect(view.querySelector('[part="consent"]')!.textContent).toBe(t.consent('Acme Homes'));
  });

  it("leaves out what the partner has not set (issue 35): no call line without a number or a privacy policy, no thank-you phone or contact link, no consent before its name is known", () => {
    let view = render({ tollFree: null, privacyUrl: null, appName: '' });
    expect(view.querySelector('[part="call-line"]')).toBeNull();
    expect(view.querySelector('[part="consent"]')!.textContent).toBe('');
    view = render({ tollFree: null, privacyUrl: 'https://acme.example/privacy' });
    expect(view.querySelector('[part="call-line"]')!.textContent).toBe(t.neverSpam);
    view = render({ contactPhone: null, contactUrl: null, state: { ...initialContactFormState, status: 'processed' } });
    expect(view.querySelector('[part="thank-you-phone"]')).toBeNull();
    expect(view.querySelector('[part="thank-you-contact"]')).toBeNull();
  });

  it('reports edits and submits without the browser validating', () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    const view = render({ onChange, onSubmit });
    const form = view.querySelector('form')!;
    expect(form.noValidate).toBe(true);
    act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
