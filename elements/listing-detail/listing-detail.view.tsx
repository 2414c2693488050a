/**
 * <hearth-listing-detail>: the listing page of spec §2/§3 — photos (lightbox, gallery and showcase dialogs),
 * price with attribution, facts, overview, amenities, price history, location, open houses, similar homes,
 * related posts and the next steps (tour, offer, contact).
 * `ListingDetailView` only renders; `ListingDetail` connects it to data, dialogs, the URL and events.
 */
import { createElement, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { brandName } from '../../core/config/brand';
import { appContextAtom, assetUrl, siteUrl, STOCK_PHOTO } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { dayText } from '../../core/format/date';
import { factsLine, formatArea, openHouseTimes } from '../../core/format/listing-facts';
import { formatMoney } from '../../core/format/money';
import { listingTexts } from '../../core/i18n/listing';
import { listingDetailTexts as t, listingPageTexts } from '../../core/i18n/listing-detail';
import { contentTexts } from '../../core/i18n/content';
import { clampIndex, galleryPhotos, type ShowcaseTab } from '../../core/listings/gallery';
import { useDialogRoutes } from '../../core/routing/dialog-route';
import type { DialogName } from '../../core/routing/dialog-paths';
import { servedDetailListing, servedDetailScript, useDetailListing, type DetailKey, type DetailListing } from '../../core/listings/listing-detail-data';
import { formatAddress } from '../../core/format/address';
import { locationSlug } from '../../core/places/places';
import { usePanorama } from '../../core/maps/use-panorama';
import { useHearthValue } from '../../core/state/hooks';
import { FactList } from '../../core/ui/fact-list';
import { ListingPlaceholder } from '../../core/ui/listing-placeholder';
import { TableHead } from '../../core/ui/table-head';
import { useTurn } from '../../core/ui/use-in-turns';
import { stayTexts } from '../../core/i18n/stays';
import { rentalDetails } from '../../core/stays/rental-facts';
import type { ListingSelectedDetail } from '../listing-card/listing-card.view';
import { registrationTexts } from '../../core/i18n/registration';
import { useRegistration, type Registration } from '../../core/registration/use-registration';
import type { FavoriteChangedDetail, FavoriteState } from '../../core/favorites/favorites';
import { useFavorite } from '../../core/favorites/use-favorite';
import { FavoriteButton } from '../_shared/favorite-button/favorite-button';
import { GalleryDialog, Lightbox, ShowcaseDialog, type GalleryDialogProps } from './photos';

// ---- events ----

export interface ListingActionDetail {
  listingId: string;
}

export interface PhotoSelectedDetail {
  /** The photo's index among the listing's photos (photos have no other id; the gallery URL uses it too). */
  photoId: number;
  redirectType: 'gallery';
}

// ---- view ----

export type PhotoDialog = { kind: 'none' } | { kind: 'gallery' } | { kind: 'showcase'; tab: ShowcaseTab | null };

export interface ListingDetailViewProps {
  listing: DetailListing;
  /** Lead registration (the partner's rule): what is held back until the visitor registers. */
  registration?: Registration;
  /** The product's name, for 'Days on {product}'. */
  productName: string;
  /** The hosted site's base URL, for listing and search links. */
  siteBase: string;
  stockPhoto: string;
  /** A street-level panorama exists within 200 m (needs a maps provider). */
  hasPanorama: boolean;
  /** The embedded panorama the Street View tab shows (with `hasPanorama`). */
  streetView?: ReactNode;
  photoIndex: number;
  dialog: PhotoDialog;
  contactOpen: boolean;
  /** The page shows 'Request a Tour', 'Make an Offer' and the open houses itself (<hearth-request-tour>, <hearth-make-offer>, <hearth-open-houses>): leave ours out. */
  externalActions?: boolean;
  /** The heart (core/favorites/use-favorite.ts); null until the page knows it. */
  favorite: FavoriteState | null;
  favoriteBusy: boolean;
  onFavorite: () => void;
  /** A stay's dates the guest already chose (a stay search's), for its availability calendar. */
  stayDates?: { checkIn: string | null; checkOut: string | null; guests?: number };
  onShowPhoto: (index: number) => void;
  onOpenGallery: (index: number) => void;
  onOpenShowcase: (tab: ShowcaseTab | null) => void;
  onCloseDialog: () => void;
  onShowcasePhoto: (index: number) => void;
  onRequestTour: () => void;
  onMakeOffer: () => void;
  onContact: () => void;
  onSelectSimilar: (home: DetailListing['similarHomes'][number]) => void;
}

function Section({ id, title, part, children }: { id: string; title: string; part: string; children: ReactNode }) {
  return (
    <section className="section" part={part} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The facts of spec §3 that the listing has, as label/value pairs. */
export function listingFacts(listing: DetailListing, productName: string): [string, string][] {
  const f = t.facts;
  const money = (pennies: number) => formatMoney(pennies, listing.priceCurrencyCode);
  const facts: [string, string | null][] = [
    [f.propertyType, listing.propertyType || null],
    [f.beds, listing.bedrooms != null ? String(listing.bedrooms) : null],
    [f.baths, listing.bathrooms != null ? String(listing.bathrooms) : null],
    [f.area, formatArea(listing.area, listing.areaUnit)],
    [f.lot, formatArea(listing.lotSize, listing.lotSizeUnit)],
    [f.yearBuilt, listing.yearBuilt != null ? String(listing.yearBuilt) : null],
    [f.garage, listing.garageBays != null ? f.garageBays(listing.garageBays) : null],
    [f.hoa, listing.hoaFee != null ? f.hoaFee(money(listing.hoaFee), listing.hoaFeeFrequencyType) : null],
    [f.daysOn(productName), String(listing.daysOnHearth)],
    [f.mlsNumber, listing.mlsNumber],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] != null && fact[1] !== '');
}

/** The ask of lead registration: why, Register, and 'Not now' while the partner's allowance lasts. */
function RegistrationPanel({ registration }: { registration: Registration }) {
  const asking = registration.gate === 'ask';
  return (
    <section className="registration" part="registration" aria-labelledby="registration-title" data-gate={registration.gate}>
      <h2 id="registration-title">{registrationTexts.heading}</h2>
      <p>{asking ? registrationTexts.askText : registrationTexts.requireText}</p>
      <p className="registration-actions">
        <button type="button" className="button button-primary" part="register" onClick={registration.register}>
          {registrationTexts.register}
        </button>
        {asking && (
          <button type="button" className="button button-secondary" part="not-now" onClick={registration.notNow}>
            {registrationTexts.notNow}
          </button>
        )}
      </p>
    </section>
  );
}

/** <hearth-sign-in> on its sign-up tab as a dialog (loaded on demand: the loader does not see our shadow root). */
function SignUpDialog({ onLogin, onClosed }: { onLogin: () => void; onClosed: () => void }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void import('../sign-in/sign-in.element');
    const dialog = document.createElement('hearth-sign-in');
    dialog.setAttribute('dialog', '');
    dialog.setAttribute('tab', 'sign-up');
    dialog.addEventListener('hearth-login', onLogin);
    dialog.addEventListener('hearth-sign-in-closed', onClosed);
    holder.current?.append(dialog);
    return () => dialog.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div ref={holder} />;
}

export function ListingDetailView(props: ListingDetailViewProps) {
  const { listing, productName, siteBase, stockPhoto, hasPanorama, photoIndex, dialog, contactOpen } = props;
  const address = formatAddress(listing.address) || listing.listingCodeId;
  const allPhotos = galleryPhotos(listing.photos, listing.photoUri, stockPhoto);
  const registration = props.registration;
  const held = registration && registration.gate !== 'none' ? registration : null;
  // 'photos': past the first few, the visitor registers first; 'details' and 'views' when required: the sections.
  const photos = held?.photosShown != null && held.photosShown < allPhotos.length ? allPhotos.slice(0, held.photosShown) : allPhotos;
  const detailsHeld = held !== null && held.mode !== 'photos' && held.gate === 'require';
  const index = clampIndex(photoIndex, photos.length);
  const by = listing.listingBy;
  const overview = listing.showcase?.overrideListingOverview ? listing.showcase.overview : listing.overview;
  const state = listing.sold ? 'sold' : listing.underContract ? 'under-contract' : 'active';
  const money = (pennies: number | null) => formatMoney(pennies, listing.priceCurrencyCode);
  const searchHref = `${siteBase}/search?location=${encodeURIComponent(locationSlug(formatAddress(listing.address)))}`;
  const openHouses = listing.openHouse.filter((o) => o.isActive);
  // The gallery and the showcase show the same photos, move among them and close alike.
  const photoDialog: GalleryDialogProps = { photos, index, address, onMove: props.onShowPhoto, onClose: props.onCloseDialog };

  return (
    <article className="detail" part="base" data-state={state} data-classification={listing.classification.toLowerCase()}>
      <Lightbox
        photos={photos}
        index={index}
        address={address}
        onShow={props.onShowPhoto}
        onOpenGallery={props.onOpenGallery}
        onOpenShowcase={() => props.onOpenShowcase(null)}
      />
      {photos.length < allPhotos.length && held && (
        <p className="register-photos">
          <button type="button" className="button button-secondary" part="register-photos" onClick={held.register}>
            {registrationTexts.morePhotos(allPhotos.length)}
          </button>
        </p>
      )}

      <header className="summary" part="summary">
        <div className="summary-head split-row">
          <p className="classification">{t.classification[listing.classification]}</p>
          {props.favorite && (
            <FavoriteButton listingName={address} favorite={props.favorite} busy={props.favoriteBusy} onToggle={props.onFavorite} />
          )}
        </div>
        <h1 className="address" part="address">
          {address}
        </h1>
        {listing.title && (
          <p className="listing-title" part="title">
            {listing.title}
          </p>
        )}
        <div className="price-line">
          <p className="price" part="price">
            {money(listing.priceInPennies)}
            {listing.priceLabel && <span className="price-label"> {listing.priceLabel}</span>}
          </p>
          {(by?.brokerage || by?.agent || by?.system) && (
            <div className="attribution" part="attribution">
              {by.brokerage && <p>{t.attribution.courtesyOf(by.brokerage.name)}</p>}
              {by.agent && <p>{t.attribution.agent(by.agent.name)}</p>}
              {by.system && <p>{t.attribution.source(by.system)}</p>}
            </div>
          )}
        </div>
        <p className="facts-line" part="facts-line">
          {factsLine(listing)}
        </p>
        {listing.newListing && <p className="badge">{listingTexts.badges.new}</p>}
      </header>

      {/* One 'Request a Tour' and one 'Make an Offer' a screen: after the summary, and on a narrow element a bar
          along the bottom of the screen while the listing is on it (listing-detail.css); none when the page has its own. */}
      {!props.externalActions && (listing.enableRequestTour || listing.enableOffer) && (
        <div className="actions" part="actions" role="group" aria-label={t.actions.label}>
          {listing.enableRequestTour && (
            <button type="button" className="button button-primary" part="request-tour" onClick={props.onRequestTour}>
              {t.actions.requestTour}
            </button>
          )}
          {listing.enableOffer && (
            <button type="button" className="button button-secondary" part="make-offer" onClick={props.onMakeOffer}>
              {t.actions.makeOffer}
            </button>
          )}
        </div>
      )}
      <p className="contact-row">
        <button type="button" className="button button-secondary" part="contact-agent" aria-expanded={contactOpen} aria-controls="contact" onClick={props.onContact}>
          {t.actions.contactAgent}
        </button>
      </p>
      <div id="contact" className="contact" hidden={!contactOpen}>
        {/* Our elements by createElement: a JSX declaration of our own would ship in the npm typings and clash there. */}
        {contactOpen && createElement('hearth-contact-form', { 'listing-id': listing.id, part: 'contact-form' })}
      </div>

      {held && held.mode !== 'photos' && <RegistrationPanel registration={held} />}
      {!detailsHeld && (
        <>
      <Section id="facts" title={t.facts.heading} part="facts">
        <FactList className="facts" rows={listingFacts(listing, productName)} />
      </Section>

      {listing.classification !== 'SALE' && rentalDetails(listing).length > 0 && (
        <Section id="rental" title={stayTexts.rentalDetails} part="rental-details">
          <FactList className="facts" rows={rentalDetails(listing)} />
        </Section>
      )}

      {listing.classification === 'STAY' && (
        <section className="section" part="availability">
          {createElement('hearth-availability-calendar', {
            'listing-id': listing.id,
            part: 'availability-calendar',
            'check-in': props.stayDates?.checkIn ?? undefined,
            'check-out': props.stayDates?.checkOut ?? undefined,
            guests: props.stayDates?.guests || undefined,
          })}
        </section>
      )}

      {overview && (
        <Section id="overview" title={t.overview} part="overview">
          <p className="overview">{overview}</p>
        </Section>
      )}

      {listing.amenities.length > 0 && (
        <Section id="amenities" title={t.amenities} part="amenities">
          <ul className="amenities">
            {listing.amenities.map((a) => (
              <li key={a.id}>{a.url ? <a href={a.url}>{a.label}</a> : a.label}</li>
            ))}
          </ul>
        </Section>
      )}

      {listing.priceHistory.length > 0 && (
        <Section id="price-history" title={t.priceHistory.heading} part="price-history">
          <table className="history">
            <TableHead columns={[t.priceHistory.date, t.priceHistory.event, t.priceHistory.price]} />
            <tbody>
              {listing.priceHistory.map((entry) => (
                <tr key={`${entry.date}-${entry.event}`}>
                  <td>{dayText(entry.date, listing.timeZone)}</td>
                  <td>{t.priceHistory.events[entry.event] ?? entry.event}</td>
                  <td>{money(entry.priceInPennies)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}

      <Section id="location" title={t.location.heading} part="location">
        <p className="location-address">{formatAddress(listing.address)}</p>
        <a href={searchHref} part="view-on-map">
          {t.location.viewOnMap}
        </a>
      </Section>

      {listing.drivingDirections && (
        <Section id="driving-directions" title={t.drivingDirections} part="driving-directions">
          <p className="driving-directions">{listing.drivingDirections}</p>
        </Section>
      )}

      {openHouses.length > 0 && !props.externalActions && (
        <Section id="open-houses" title={t.openHouses.heading} part="open-houses">
          <ul className="open-houses">
            {openHouses.map((o) => (
              <li key={o.id}>
                <time dateTime={o.startDateTime}>{openHouseTimes(o, listing.timeZone)}</time>
                {o.isVirtual && (
                  <>
                    {' · '}
                    {o.virtualUrl ? <a href={o.virtualUrl}>{t.openHouses.join}</a> : t.openHouses.virtual}
                  </>
                )}
              </li>
            ))}
          </ul>
          <p className="muted">{t.openHouses.timeZone(listing.timeZone)}</p>
        </Section>
      )}

      {listing.similarHomes.length > 0 && (
        <Section id="similar" title={t.similarHomes} part="similar-homes">
          <ul className="similar">
            {listing.similarHomes.map((home) => {
              const homeAddress = formatAddress(home.address) || home.listingCodeId;
              return (
                <li key={home.id} className="similar-home" part="similar-home">
                  <img loading="lazy" src={home.photoUri ?? stockPhoto} alt="" width={160} height={104} />
                  <div>
                    <a href={`${siteBase}/listing/${home.slugId}/${home.listingCodeId}`} onClick={() => props.onSelectSimilar(home)}>
                      {homeAddress}
                    </a>
                    <p className="similar-price">{formatMoney(home.priceInPennies, home.priceCurrencyCode)}</p>
                    <p className="muted">{factsLine(home)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {listing.relatedPosts.length > 0 && (
        <Section id="posts" title={contentTexts.related.heading} part="related-posts">
          <ul className="related-posts">
            {listing.relatedPosts.map((post) => (
              <li key={post.id} className="related-post" part="related-post">
                {post.image ? (
                  <img loading="lazy" src={post.image.url} srcSet={post.image.srcset} sizes="120px" alt="" width={120} height={Math.round((120 * post.image.height) / post.image.width) || 68} />
                ) : null}
                <div>
                  <a href={`${siteBase}/resources/${encodeURIComponent(post.slug)}`}>{post.title}</a>
                  <p className="muted">{contentTexts.blog.readingMinutes(post.readingMinutes)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}

        </>
      )}
      {registration?.registering && <SignUpDialog onLogin={registration.onLogin} onClosed={registration.onClosed} />}
      {dialog.kind === 'gallery' && <GalleryDialog {...photoDialog} />}
      {dialog.kind === 'showcase' && (
        <ShowcaseDialog
          {...photoDialog}
          videoSource={listing.videoSource ?? listing.showcase?.videoUrl ?? null}
          hasPanorama={hasPanorama}
          streetView={props.streetView}
          tab={dialog.tab}
          onSelectPhoto={props.onShowcasePhoto}
        />
      )}
    </article>
  );
}

// ---- connected element ----

export interface ListingDetailProps {
  listingId: number | null;
  slugId: string;
  listingCodeId: string;
  photoIndex: number;
  openDialog: 'none' | 'gallery' | 'showcase';
  showcaseTab: 'photos' | 'video' | 'street';
  routeSync: boolean;
  ownsPage: boolean;
  externalActions?: boolean;
  checkIn: string | null;
  checkOut: string | null;
  guests?: number;
  listing?: DetailListing | null;
  element: ElementHandle;
}

/** What the element adds to its host: open the dialogs from script. */
export type OpenGallery = (index?: number) => void;
export type OpenShowcase = (tab?: 'photos' | 'video' | 'street') => void;
export interface ListingDetailMethods {
  openGallery: OpenGallery;
  openShowcase: OpenShowcase;
}

const PHOTO_DIALOGS: readonly DialogName[] = ['gallery', 'showcase'];

/** The focused node inside our shadow root (or the page's), to give focus back when a dialog closes. */
const focusedIn = (host: HTMLElement) => (host.shadowRoot?.activeElement ?? host.ownerDocument.activeElement) as HTMLElement | null;

export function ListingDetail(props: ListingDetailProps) {
  const { element, routeSync, ownsPage } = props;
  const key: DetailKey =
    props.listingId !== null ? { listingId: props.listingId } : props.slugId && props.listingCodeId ? { slugId: props.slugId, listingCodeId: props.listingCodeId } : null;
  // A hosted listing page carries its listing (server/site/listing-page.ts) and shows its own summary of it until the
  // element's turn, when the listing is read, checked and drawn, with no request: the page continues, and drawing it
  // is a task of its own, not more of the one that upgrades the page's elements (issue 38).
  const [serving] = useState(() => !props.listing && servedDetailScript(element.host) !== null);
  const turn = useTurn(serving);
  const servedKey = JSON.stringify(key);
  /** The page's own markup of its listing (the hosted page's summary): shown while that listing loads, not a skeleton. */
  const [ownMarkup] = useState(() => (element.host.querySelector(':scope > :not(script)') !== null ? servedKey : null));
  const served = useMemo(() => (serving && turn ? { key: servedKey, listing: servedDetailListing(element.host, key) } : null), [serving, turn, element.host]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useDetailListing(turn ? key : null, props.listing ?? (served?.key === servedKey ? served.listing : null));
  const context = useHearthValue(appContextAtom)?.context;
  /** Spec daysOn{product} and the page title: the partner's brand (issue 35), none before the context is known. */
  const productName = context ? brandName(context) : '';
  const listing = state.status === 'loaded' ? state.listing : null;
  const host = element.host;
  const win = host.ownerDocument.defaultView!;

  const [photoIndex, setPhotoIndex] = useState(props.photoIndex);
  const [dialog, setDialog] = useState<PhotoDialog>({ kind: 'none' });

  const registration = useRegistration(listing?.id ?? null, context);
  const heart = useFavorite(listing, (detail) => element.emit<FavoriteChangedDetail>('favorite-changed', detail));

  // Each listing shown once: for the page's own analytics, and ours when the partner records visitor activity.
  const viewedId = listing?.id ?? null;
  useEffect(() => {
    if (listing) element.emit<ListingSelectedDetail>('listing-viewed', { listingId: listing.id, slugId: listing.slugId, listingCodeId: listing.listingCodeId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewedId]);
  const [contactOpen, setContactOpen] = useState(false);
  // Street View (spec §2): with a partner maps key, Google is asked for a panorama within 200 m once the
  // listing is known (its code loads only then); without a key there is no lookup and no tab.
  const panorama = usePanorama(context?.mapsKey, listing?.location);
  const [streetFailed, setStreetFailed] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const pageBefore = useRef<string | null>(null);
  const closeDialogRef = useRef(() => setDialog({ kind: 'none' }));

  useEffect(() => setPhotoIndex(Math.trunc(props.photoIndex)), [props.photoIndex]);
  // A stay shows its availability calendar; the loader only sees the page's own tags, so we load it here.
  useEffect(() => {
    if (listing?.classification === 'STAY') void import('../availability-calendar/availability-calendar.element');
  }, [listing?.classification]);

  const openGallery = (index: number) => {
    if (dialog.kind === 'none') trigger.current = focusedIn(host);
    setPhotoIndex(index);
    setDialog({ kind: 'gallery' });
  };
  const openShowcase = (tab: ShowcaseTab | null) => {
    trigger.current = focusedIn(host);
    setDialog({ kind: 'showcase', tab });
  };

  // Attributes and methods open the dialogs too (the hosted site's gallery and showcase routes). Opening
  // on Street View waits for the panorama lookup, so the tab is there when the showcase opens.
  const awaitingStreet = props.openDialog === 'showcase' && props.showcaseTab === 'street' && panorama.status === 'looking';
  useEffect(() => {
    if (!listing || awaitingStreet) return;
    if (props.openDialog === 'gallery') openGallery(props.photoIndex);
    if (props.openDialog === 'showcase') openShowcase(props.showcaseTab);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listing, props.openDialog, awaitingStreet]);
  const methods = useRef<ListingDetailMethods>({ openGallery: () => {}, openShowcase: () => {} });
  methods.current = { openGallery: (index = photoIndex) => openGallery(index), openShowcase: (tab = 'photos') => openShowcase(tab) };
  useEffect(() => {
    const target = host as HTMLElement & ListingDetailMethods;
    target.openGallery = (index) => methods.current.openGallery(index);
    target.openShowcase = (tab) => methods.current.openShowcase(tab);
  }, [host]);

  // Route sync (spec §2 dialogs as routes): the gallery is '…/gallery/{index}' (moving replaces the index),
  // the showcase '…/showcase/{tab}'; each closes up two levels, and such a URL opens it.
  const photoCount = listing ? galleryPhotos(listing.photos, listing.photoUri, '').length : 0;
  useDialogRoutes({
    enabled: routeSync && listing !== null,
    dialogs: PHOTO_DIALOGS,
    open:
      dialog.kind === 'gallery'
        ? { dialog: 'gallery', param: String(clampIndex(photoIndex, photoCount)) }
        : dialog.kind === 'showcase'
          ? { dialog: 'showcase', param: dialog.tab === 'video' || dialog.tab === 'street' ? dialog.tab : 'photos' }
          : null,
    onOpen: ({ dialog: name, param }) => (name === 'gallery' ? openGallery(Number(param)) : openShowcase(param as ShowcaseTab)),
    onClose: () => closeDialogRef.current(),
  });

  // The page's title and description, when the element owns the page.
  useEffect(() => {
    if (!ownsPage || !listing) return;
    const doc = host.ownerDocument;
    pageBefore.current ??= doc.title;
    const address = formatAddress(listing.address) || listing.listingCodeId;
    doc.title = listingPageTexts.title(address, formatMoney(listing.priceInPennies, listing.priceCurrencyCode), productName);
    let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = doc.createElement('meta');
      meta.name = 'description';
      doc.head.append(meta);
    }
    meta.content = (listing.overview?.slice(0, 160) || listingPageTexts.description(factsLine(listing), address)).trim();
  }, [ownsPage, listing, host, productName]);

  if (!turn || (!listing && state.status === 'loading' && ownMarkup === servedKey)) return <slot />;
  if (!listing) return <ListingPlaceholder status={state.status} />;

  const emitAction = (name: string) => element.emit<ListingActionDetail>(name, { listingId: listing.id });
  const closeDialog = (closeDialogRef.current = () => {
    setDialog({ kind: 'none' });
    if (props.openDialog !== 'none') host.removeAttribute('open-dialog');
    const node = trigger.current;
    trigger.current = null;
    if (node?.isConnected) node.focus();
  });

  return (
    <ListingDetailView
      listing={listing}
      registration={registration}
      productName={productName}
      siteBase={context ? siteUrl(context) : ''}
      stockPhoto={assetUrl(STOCK_PHOTO)}
      hasPanorama={panorama.status === 'found'}
      streetView={
        panorama.status === 'found' && context?.mapsKey && listing.location && !streetFailed ? (
          <panorama.google.StreetView
            mapsKey={context.mapsKey}
            panorama={panorama.panorama}
            target={{ lat: listing.location.latitude, lng: listing.location.longitude }}
            label={t.showcase.streetLabel(formatAddress(listing.address) || listing.listingCodeId)}
            onFailed={() => setStreetFailed(true)}
          />
        ) : undefined
      }
      photoIndex={photoIndex}
      dialog={dialog}
      contactOpen={contactOpen}
      externalActions={props.externalActions ?? false}
      favorite={heart.favorite}
      favoriteBusy={heart.busy}
      onFavorite={heart.toggle}
      stayDates={{ checkIn: props.checkIn, checkOut: props.checkOut, guests: props.guests ?? 0 }}
      onShowPhoto={setPhotoIndex}
      onOpenGallery={openGallery}
      onOpenShowcase={openShowcase}
      onCloseDialog={closeDialog}
      onShowcasePhoto={(index) => {
        element.emit<PhotoSelectedDetail>('photo-selected', { photoId: index, redirectType: 'gallery' });
        openGallery(index);
      }}
      onRequestTour={() => emitAction('tour-request-started')}
      onMakeOffer={() => emitAction('offer-started')}
      onContact={() => {
        if (!contactOpen) {
          emitAction('contact-started');
          // The loader only sees the page's own tags; inside our shadow root we load the form ourselves.
          void import('../contact-form/contact-form.element');
        }
        setContactOpen(!contactOpen);
      }}
      onSelectSimilar={(home) => element.emit('listing-selected', { listingId: home.id, slugId: home.slugId, listingCodeId: home.listingCodeId })}
    />
  );
}
