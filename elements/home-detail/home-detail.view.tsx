/**
 * <hearth-home-detail>: a seller case (spec §2 /account/home-detail/{caseId}, §3 Case and Queue, §4 seller
 * listing visibility): progress through the queues, the step to do now (the intake questionnaire inline),
 * the listing's facts, publishing, the description and its translation, photos, open houses, tours and
 * offers (the existing elements, mounted here). `HomeDetailView` only renders what it is given; `HomeDetail`
 * connects it to core/sellers/use-home-detail.ts.
 */
import { createElement, useEffect, useId, useMemo, useState } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { sellerTexts } from '../../core/i18n/sellers';
import { marketingTexts } from '../../core/i18n/marketing';
import { publishFormOf, type PublishForm, type PublishMode } from '../../core/sellers/publish-form';
import type { ListingDescription, SellerCase, SellerListing } from '../../core/sellers/sellers-api';
import { useHomeDetail, type DescriptionState, type HomeDetailState, type QueueChangedDetail, type SellerListingChangedDetail } from '../../core/sellers/use-home-detail';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { Field } from '../../core/ui/field';
import { FactList } from '../../core/ui/fact-list';
import { MessageAction } from '../../core/ui/status-panel';
import { Form } from '../../core/ui/form';
import { OfferQuestionnaire } from '../make-offer/offer-questionnaire';
import { TierSection } from './tiers';

const t = sellerTexts;
const dt = sellerTexts.detail;

type LoadedCase = SellerCase & { sellerListing: SellerListing };

export interface HomeDetailViewProps {
  state: HomeDetailState;
  description: DescriptionState;
  busy: boolean;
  message: { tone: 'error' | 'success'; text: string } | null;
  /** When set, the listing's open houses, tours and offers elements are mounted (false in unit tests). */
  mountListingElements: boolean;
  /** Those elements own the URL: their dialogs are routes over this page. */
  routeSync?: boolean;
  signIn: () => void;
  reload: () => void;
  /** The current step's button; the Price step passes its field's text. */
  advance: (priceText?: string) => void;
  publish: (form: PublishForm) => void;
  onQuestionnaireCompleted: () => void;
}

const whenText = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';

function Steps({ kase }: { kase: LoadedCase }) {
  return (
    <ol className="steps inline-list" part="steps" aria-label={dt.progress}>
      {kase.queues.map((q) => (
        <li key={q.name} className="step" part="step" data-state={q.status ?? 'UPCOMING'} aria-current={q.status === 'CURRENT' ? 'step' : undefined}>
          <span className="step-name">{q.shortName}</span>
          <span className="visually-hidden"> ({dt.stepState[q.status ?? 'UPCOMING']})</span>
        </li>
      ))}
    </ol>
  );
}

/** The listing's facts; once the intake is answered, a fact left out reads as such, not as a question still open. */
function Facts({ listing, answered }: { listing: SellerListing; answered: boolean }) {
  const l = dt.labels;
  const missing = answered ? dt.notGiven : dt.notAnswered;
  const orNot = (value: string | number | null) => (value === null || value === '' ? missing : String(value));
  const rows: [string, string][] = [
    [listing.classification === 'rent' ? l.rent : l.price, listing.priceInPennies > 0 ? formatMoney(listing.priceInPennies, listing.priceCurrencyCode) : dt.notAnswered],
    [l.type, orNot(listing.propertySubType)],
    [l.bedrooms, orNot(listing.bedrooms)],
    [l.bathrooms, orNot(listing.bathrooms)],
    [l.area, listing.area === null ? missing : listing.area.toLocaleString('en-US')],
    [l.lotSize, orNot(listing.lotSize)],
    [l.yearBuilt, orNot(listing.yearBuilt)],
    [l.garage, orNot(listing.garageBays)],
    [l.features, listing.amenities.length ? listing.amenities.join(', ') : answered ? dt.noFeatures : dt.notAnswered],
    [l.photos, dt.photosCount(listing.photoCount)],
  ];
  return (
    <section className="panel" aria-labelledby="facts-heading">
      <h3 id="facts-heading">{dt.facts}</h3>
      <FactList className="facts" part="facts" rows={rows} />
    </section>
  );
}

function PublishControls({ kase, busy, onPublish }: { kase: LoadedCase; busy: boolean; onPublish: (form: PublishForm) => void }) {
  const initial = useMemo(() => publishFormOf(kase), [kase]);
  const [form, setForm] = useState<PublishForm>(initial);
  useEffect(() => setForm(initial), [initial]);
  const p = dt.publish;
  const ready = kase.caseResponse.completedAt !== null;
  const dateId = useId();
  const status =
    kase.listingStatus === 'PUBLISHED' ? p.publishedOn(whenText(kase.publishedAt)) : kase.listingStatus === 'SCHEDULED' ? p.scheduledFor(whenText(kase.publishAt)) : p.hidden;
  return (
    <section className="panel" part="publish" aria-labelledby="publish-heading">
      <h3 id="publish-heading">{p.heading}</h3>
      <p className="publish-status" data-state={kase.listingStatus ?? 'DRAFT'}>
        {status}
      </p>
      {!ready ? <p className="message">{p.notReady}</p> : null}
      <Form className="publish-form" onSubmit={() => onPublish(form)}>
        <fieldset className="publish-modes">
          <legend>{p.heading}</legend>
          {(['now', 'later', 'off'] as PublishMode[]).map((mode) => (
            <label key={mode} className="choice">
              <input type="radio" name="publish-mode" value={mode} checked={form.mode === mode} onChange={() => setForm((f) => ({ ...f, mode }))} />
              {mode === 'now' ? p.now : mode === 'later' ? p.later : p.off}
            </label>
          ))}
        </fieldset>
        {form.mode === 'later' ? (
          <ControlField id={dateId} label={p.date}>
            <input
              id={dateId}
              className="field-control"
              type="datetime-local"
              value={form.localDateTime}
              onChange={(e) => {
                const localDateTime = e.currentTarget.value;
                setForm((f) => ({ ...f, localDateTime }));
              }}
            />
          </ControlField>
        ) : null}
        <label className="choice">
          <input type="checkbox" checked={form.toursEnabled} onChange={(e) => { const on = e.currentTarget.checked; setForm((f) => ({ ...f, toursEnabled: on })); }} />
          {p.tours}
        </label>
        <label className="choice">
          <input type="checkbox" checked={form.offersEnabled} onChange={(e) => { const on = e.currentTarget.checked; setForm((f) => ({ ...f, offersEnabled: on })); }} />
          {p.offers}
        </label>
        <Button tone="primary" type="submit" part="publish-save" busy={busy}>
          {busy ? p.saving : p.save}
        </Button>
      </Form>
    </section>
  );
}

function Description({ state }: { state: DescriptionState }) {
  const one = (heading: string, text: ListingDescription['description']) => (
    <div className="description-text" lang={text.language.toLowerCase()}>
      <h4>
        {heading} ({dt.languages[text.language]})
      </h4>
      <p>{text.text}</p>
      <p className="label">{text.label}</p>
    </div>
  );
  return (
    <section className="panel" part="description" aria-labelledby="description-heading">
      <h3 id="description-heading">{dt.description}</h3>
      {state.status === 'loading' ? (
        <p className="message" role="status">
          {dt.descriptionLoading}
        </p>
      ) : state.status === 'failed' ? (
        <p className="message" role="alert">
          {dt.descriptionFailed}
        </p>
      ) : (
        <>
          {one(dt.description, state.value.description)}
          {state.value.translation ? one(dt.translation, state.value.translation) : null}
        </>
      )}
    </section>
  );
}

/** Marketing materials of the case (issue 20): <hearth-marketing> opened in place, its chunk loaded on first open. */
function MarketingSection({ caseId }: { caseId: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  useEffect(() => {
    if (open) void import('../marketing/marketing.element');
  }, [open]);
  return (
    <section className="panel" part="marketing" aria-labelledby={`${regionId}-heading`}>
      <h3 id={`${regionId}-heading`}>{marketingTexts.heading}</h3>
      <Button tone="secondary" part="marketing-toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? marketingTexts.closeMarketing : marketingTexts.openMarketing}
      </Button>
      <div id={regionId} hidden={!open}>
        {open ? createElement('hearth-marketing', { 'case-id': caseId, part: 'marketing-element' }) : null}
      </div>
    </section>
  );
}

function ListingElements({ listing, caseId, routeSync }: { listing: SellerListing; caseId: string; routeSync: boolean }) {
  useEffect(() => {
    void import('../open-houses/open-houses.element');
    void import('../tours/tours.element');
    void import('../offers/offers.element');
  }, []);
  // A boolean attribute: present or absent.
  const routeAttr = routeSync ? { 'route-sync': '' } : {};
  return (
    <>
      {/* <hearth-open-houses> and <hearth-tours> carry their own headings. */}
      {listing.visible ? (
        createElement('hearth-open-houses', { 'listing-id': listing.id, 'case-id': caseId, part: 'open-houses', ...routeAttr })
      ) : (
        <section className="panel" aria-labelledby="open-houses-heading">
          <h3 id="open-houses-heading">{dt.openHouses}</h3>
          <p className="message">{dt.openHousesHidden}</p>
        </section>
      )}
      {createElement('hearth-tours', { 'listing-id': listing.id, part: 'tours', ...routeAttr })}
      <section className="panel" aria-labelledby="offers-heading">
        <h3 id="offers-heading">{dt.offersHeading}</h3>
        {createElement('hearth-offers', { 'listing-id': listing.id, part: 'offers' })}
      </section>
    </>
  );
}

/** The Price step's field: the asking price (or monthly rent) as it stands, in dollars. */
function PriceStep({ listing, busy, label, onAdvance }: { listing: SellerListing; busy: boolean; label: string; onAdvance: (priceText: string) => void }) {
  const p = dt.price;
  const [text, setText] = useState(listing.priceInPennies > 0 ? (listing.priceInPennies / 100).toLocaleString('en-US') : '');
  return (
    <Form className="price-form" part="price-form" onSubmit={() => onAdvance(text)}>
      <Field
        label={listing.classification === 'rent' ? p.rent : p.sale}
        hint={p.hint}
        required
        inputMode="decimal"
        maxLength={20}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Button tone="primary" type="submit" part="continue" busy={busy}>
        {label}
      </Button>
    </Form>
  );
}

function Current({ kase, busy, onAdvance, onQuestionnaireCompleted }: { kase: LoadedCase; busy: boolean; onAdvance: (priceText?: string) => void; onQuestionnaireCompleted: () => void }) {
  const queue = kase.currentQueue;
  if (!queue) return null;
  const last = kase.queues[kase.queues.length - 1]?.name === queue.name;
  const intakeOpen = queue.queueType === 'questionnaire' && kase.caseResponse.completedAt === null;
  const pricing = queue.queueType === 'pricing';
  return (
    <section className="panel current" part="current" aria-labelledby="current-heading">
      <h3 id="current-heading">{queue.displayName}</h3>
      <p>{queue.displayText}</p>
      {intakeOpen ? (
        <>
          <p className="message">{dt.intakeIntro}</p>
          <OfferQuestionnaire responseId={kase.caseResponse.id} label={dt.questionnaire} onCompleted={onQuestionnaireCompleted} />
        </>
      ) : null}
      {queue.queueType === 'photos' ? (
        <p>
          <a part="photos-link" href={kase.photoManagementUrl}>
            {dt.photos}
          </a>{' '}
          ({dt.photosCount(kase.sellerListing.photoCount)})
        </p>
      ) : null}
      {queue.queueType === 'review' ? (
        <p>
          {dt.reviewDocuments}{' '}
          <a part="documents-link" href={kase.documentsUrl}>
            {dt.documentsLink}
          </a>
        </p>
      ) : null}
      {pricing ? <PriceStep key={kase.sellerListing.priceInPennies} listing={kase.sellerListing} busy={busy} label={queue.doneButtonText} onAdvance={onAdvance} /> : null}
      {!last && !intakeOpen && !pricing ? (
        <Button tone="primary" part="continue" busy={busy} onClick={() => onAdvance()}>
          {queue.doneButtonText}
        </Button>
      ) : null}
    </section>
  );
}

export function HomeDetailView(props: HomeDetailViewProps) {
  const { state } = props;
  if (state.status !== 'loaded') {
    const text =
      state.status === 'signed-out' ? t.signInPrompt : state.status === 'missing' ? dt.missing : state.status === 'failed' ? t.loadFailed : t.loading;
    return (
      <section className="home-detail" part="base" data-state={state.status} aria-busy={state.status === 'loading' || state.status === 'checking' || undefined}>
        <MessageAction
          className="message"
          role={state.status === 'failed' ? 'alert' : 'status'}
          message={text}
          action={
            state.status === 'signed-out'
              ? { tone: 'primary', part: 'sign-in', label: t.signIn, onAction: props.signIn }
              : state.status === 'failed'
                ? { tone: 'secondary', part: 'retry', label: t.retry, onAction: props.reload }
                : null
          }
        />
      </section>
    );
  }
  const kase = state.kase;
  const listing = kase.sellerListing;
  const status = kase.listingStatus ?? 'DRAFT';
  return (
    <section className="home-detail" part="base" data-state="loaded" data-listing-id={listing.id} aria-labelledby="home-heading">
      <header className="home-header">
        <h2 id="home-heading" part="heading">
          {listing.listingAddress}
        </h2>
        <p className="home-meta">
          <span className="status" part="status" data-state={status}>
            {t.status[status]}
          </span>
          {' · '}
          {t.classification[listing.classification] ?? listing.classification}
          {' · '}
          <a part="photos-link" href={kase.photoManagementUrl}>
            {dt.photos}
          </a>
          {listing.visible ? (
            <>
              {' · '}
              <a part="view-listing" href={listing.listingUrl}>
                {dt.viewListing}
              </a>
            </>
          ) : null}
        </p>
      </header>
      <Steps kase={kase} />
      {props.message ? (
        <p className="message" part="message" data-tone={props.message.tone} role={props.message.tone === 'error' ? 'alert' : 'status'}>
          {props.message.text}
        </p>
      ) : null}
      <Current kase={kase} busy={props.busy} onAdvance={props.advance} onQuestionnaireCompleted={props.onQuestionnaireCompleted} />
      <div className="columns">
        <Facts listing={listing} answered={kase.caseResponse.completedAt !== null} />
        <PublishControls kase={kase} busy={props.busy} onPublish={props.publish} />
      </div>
      <Description state={props.description} />
      {props.mountListingElements ? <ListingElements listing={listing} caseId={kase.id} routeSync={props.routeSync ?? false} /> : null}
      <MarketingSection caseId={kase.id} />
      <TierSection key={kase.id} caseId={kase.id} />
    </section>
  );
}

export interface HomeDetailProps {
  caseId: number | null;
  routeSync?: boolean;
  element: ElementHandle;
}

export function HomeDetail({ caseId, routeSync = false, element }: HomeDetailProps) {
  const events = useMemo(
    () => ({
      onListingChanged: (detail: SellerListingChangedDetail) => element.emit('seller-listing-changed', detail),
      onQueueChanged: (detail: QueueChangedDetail) => element.emit('queue-changed', detail),
    }),
    [element],
  );
  const detail = useHomeDetail(caseId, events);
  if (caseId === null) {
    return (
      <section className="home-detail" part="base" data-state="missing">
        <MessageAction className="message" message={dt.noCase} action={null} />
      </section>
    );
  }
  return (
    <HomeDetailView {...detail} mountListingElements routeSync={routeSync} onQuestionnaireCompleted={detail.reload} />
  );
}
