/**
 * <hearth-contact-form>: the contact form panel of spec §2 with the rules of §5.
 * `ContactFormView` only renders what it is given; `ContactForm` connects it to state and behaviour.
 */
import { useEffect, useRef } from 'react';
import { appContextAtom, assetUrl, STOCK_PHOTO, type ResolvedAppContext } from '../../core/config/config';
import { elementContext } from '../../core/config/element-context';
import { contactBrand } from '../../core/contact/contact-brand';
import type { ContactDraft, ContactFormState } from '../../core/contact/contact-form-state';
import { firstInvalidField } from '../../core/contact/contact-form-state';
import { useContactForm, type ContactSubmittedDetail } from '../../core/contact/use-contact-form';
import type { ElementHandle } from '../../core/define-element/define-element';
import { contextPhone } from '../../core/format/phone';
import { contactTexts as t } from '../../core/i18n/contact';
import { formatAddress } from '../../core/format/address';
import { useListingSummary, type ListingSummary } from '../../core/listings/listing-summary';
import { useHearthValue } from '../../core/state/hooks';
import { AgentCard } from '../../core/ui/agent-card';
import { Button } from '../../core/ui/button';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import type { ContactField } from '../../core/validation/contact';

export type ContactFormVariant = 'default' | 'small';

export interface ContactFormViewProps {
  variant: ContactFormVariant;
  /** Set when the form is about a listing: the heading changes even before its data arrives. */
  forListing: boolean;
  /** The listing's address and photo once known. */
  address: string | null;
  photoUrl: string | null;
  photoAlt: string;
  agent: { name: string; picture: string | null; office: PhoneLink | null; cell: PhoneLink | null; email: string | null } | null;
  /** The brand slots (core/contact/contact-brand.ts): each left out while null (empty name: no consent text yet). */
  appName: string;
  /** The toll-free call line's number, and the thank-you panel's. */
  tollFree: PhoneLink | null;
  contactPhone: PhoneLink | null;
  privacyUrl: string | null;
  contactUrl: string | null;
  state: ContactFormState;
  /** An edit; `caretAtEnd` while the caret is at the end of the field (the phone is reformatted as typed then). */
  onChange: (field: ContactField, value: string, caretAtEnd: boolean) => void;
  /** The phone field got the focus: its rules start loading. */
  onPhoneFocus: () => void;
  onSubmit: () => void;
  onHoneypot: (value: string) => void;
}

/** A phone link: its `tel:` href and its text as shown (`contextPhone`). */
export type PhoneLink = { href: string; text: string };

const FIELD_ATTRIBUTES: Record<ContactField, { type: string; autoComplete: string; inputMode?: 'email' | 'tel' | 'text' }> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  comment: { type: 'text', autoComplete: 'off' },
};

const failureMessage = (failure: ContactFormState['failure']) =>
  failure === 'rate-limited' ? t.errors.rateLimited : failure === 'network' ? t.errors.network : t.errors.server;

export function ContactFormView(props: ContactFormViewProps) {
  const { state, variant } = props;
  const controls = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const thankYou = useRef<HTMLHeadingElement>(null);

  // Focus the first invalid field after a rejected submit, and the thank-you heading once processed.
  useEffect(() => {
    if (state.status === 'invalid') {
      const field = firstInvalidField(state.errors);
      if (field) controls.current[field]?.focus();
    }
    if (state.status === 'processed') thankYou.current?.focus();
  }, [state.status, state.errors]);

  const field = (name: ContactField, extra: { multiline?: boolean; className?: string } = {}) => (
    <Field
      key={name}
      ref={(node) => {
        controls.current[name] = node;
      }}
      {...FIELD_ATTRIBUTES[name]}
      {...extra}
      name={name}
      label={t.labels[name]}
      required
      value={state.values[name]}
      error={state.errors[name]}
      readOnly={state.status === 'submitting'}
      onChange={(event) => {
        const control = event.currentTarget;
        props.onChange(name, control.value, control.selectionStart === null || control.selectionStart === control.value.length);
      }}
      onFocus={name === 'phone' ? props.onPhoneFocus : undefined}
    />
  );

  return (
    <article className="contact surface-panel" part="base" data-variant={variant} data-state={state.status}>
      {props.forListing && variant === 'default' && props.photoUrl && (
        <img loading="lazy" className="photo" part="photo" src={props.photoUrl} alt={props.photoAlt} width={640} height={400} />
      )}
      <header className="intro">
        <h2 className="heading" part="heading">
          {props.forListing ? t.headingListing : t.headingGeneral}
        </h2>
        {props.address && (
          <p className="go-see" part="go-see">
            {t.goSee(props.address)}
          </p>
        )}
      </header>
      {props.agent && (
        <AgentCard
          name={props.agent.name}
          picture={props.agent.picture}
          office={props.agent.office}
          cell={props.agent.cell}
          email={props.agent.email}
          texts={{ office: t.agentOffice, cell: t.agentCell, email: t.agentEmail }}
        />
      )}

      {state.status === 'processed' ? (
        <div className="thank-you" part="thank-you">
          <h3 ref={thankYou} tabIndex={-1}>
            {t.thankYouHeading}
          </h3>
          <p>{t.thankYouText}</p>
          <p className="thank-you-links">
            {props.contactPhone && (
              <a part="thank-you-phone" href={props.contactPhone.href}>
                {t.thankYouCall} {props.contactPhone.text}
              </a>
            )}
            {props.contactUrl && (
              <a part="thank-you-contact" href={props.contactUrl}>
                {t.thankYouContact}
              </a>
            )}
          </p>
        </div>
      ) : (
        <Form className="form" part="form" aria-busy={state.status === 'submitting' || undefined} onSubmit={props.onSubmit}>
          <div className="names field-pair">
            {field('firstName')}
            {field('lastName')}
          </div>
          {field('email')}
          {field('phone')}
          {field('comment', { multiline: true })}
          <div className="honeypot" aria-hidden="true">
            <label>
              {t.honeypotLabel}
              <input type="text" name="website" tabIndex={-1} autoComplete="off" onChange={(e) => props.onHoneypot(e.currentTarget.value)} />
            </label>
          </div>
          {state.status === 'failed' && (
            <p className="failure" part="failure" role="alert">
              {failureMessage(state.failure)}
            </p>
          )}
          <Button type="submit" part="submit" busy={state.status === 'submitting'}>
            {state.status === 'submitting' ? t.submitting : t.submit}
          </Button>
          <p className="consent" part="consent">
            {props.appName && t.consent(props.appName)}
          </p>
        </Form>
      )}

      {(props.tollFree || props.privacyUrl) && (
        <p className="call-line" part="call-line">
          {props.tollFree && (
            <>
              {t.callLine} <a href={props.tollFree.href}>{props.tollFree.text}</a>.{' '}
            </>
          )}
          {props.privacyUrl && <a href={props.privacyUrl}>{t.neverSpam}</a>}
        </p>
      )}
    </article>
  );
}

export interface ContactFormProps {
  listingId: number | null;
  variant: ContactFormVariant;
  hideAgent: boolean;
  /** Property-only: listing data the host already has, instead of fetching it by `listing-id`. */
  listing?: ListingSummary | null;
  element: ElementHandle;
}

function agentOf(context: ResolvedAppContext): ContactFormViewProps['agent'] {
  if (!context.agentName) return null;
  return {
    name: context.agentName,
    picture: context.agentPic ?? null,
    office: contextPhone(context, 'officeNumber'),
    cell: contextPhone(context, 'cellNumber'),
    email: context.agentEmail ?? null,
  };
}

export function ContactForm({ listingId, variant, hideAgent, listing, element }: ContactFormProps) {
  const loaded = useHearthValue(appContextAtom);
  // The page's context, unless the code that made this form gave it one (the partner console's preview).
  const context = elementContext(element.host) ?? loaded?.context;
  const summary = useListingSummary(listingId, listing);
  const { state, change, submit, phoneFocused, honeypot } = useContactForm({
    listingId: listing ? Number(listing.id) || listingId : listingId,
    onSubmitted: (detail: ContactSubmittedDetail) => element.emit('contact-submitted', detail),
    element,
  });

  const forListing = listingId !== null || Boolean(listing);
  const address = summary.status === 'loaded' ? formatAddress(summary.listing.address) || null : null;
  const photo = summary.status === 'loaded' ? summary.listing.photoUri : null;
  const brand = contactBrand(context);

  return (
    <ContactFormView
      variant={variant}
      forListing={forListing}
      address={address}
      photoUrl={forListing ? (photo ?? assetUrl(STOCK_PHOTO)) : null}
      photoAlt={photo && address ? t.photoAlt(address) : t.stockPhotoAlt}
      agent={context && !hideAgent ? agentOf(context) : null}
      {...brand}
      state={state}
      onChange={change}
      onPhoneFocus={phoneFocused}
      onSubmit={() => void submit()}
      onHoneypot={(value) => {
        honeypot.current = value;
      }}
    />
  );
}
