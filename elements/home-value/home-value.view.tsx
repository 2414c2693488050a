/**
 * <hearth-home-value>: "What is my home worth" (issue 18). The address box of the search box (same hook,
 * same view), optional facts, 'Get estimate' → the range as a bar with low, estimate and high, the
 * confidence, the comparable sales and the method; then 'Get a precise valuation' → a contact form →
 * a seller lead. `HomeValueView` only renders what it is given; `HomeValue` connects it to use-home-value.
 */
import { forwardRef, useEffect, useId, useRef } from 'react';
import { appContextAtom, assetUrl, STOCK_PHOTO } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { formatNumber } from '../../core/format/number';
import { valuationTexts as t } from '../../core/i18n/valuation';
import { DEFAULT_COUNTRIES } from '../../core/places/places';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { InlineAlert } from '../../core/ui/inline-alert';
import { RetryAlert } from '../../core/ui/status-panel';
import { estimatePosition, milesText, shareText, soldMonthText } from '../../core/valuation/home-value-state';
import { useHomeValue, type HomeValueBehaviour, type HomeValueEstimatedDetail, type ValuationRequestedDetail } from '../../core/valuation/use-home-value';
import { HOME_TYPES, type HomeType, type HomeValue as HomeValueAnswer } from '../../core/valuation/valuation-api';
import { SearchBoxView } from '../search-box/search-box.view';

export type { HomeValueEstimatedDetail, ValuationRequestedDetail };

const money = (pennies: number | null, currency: string | null) => formatMoney(pennies, currency ?? 'USD');

function RangeBar({ value }: { value: HomeValueAnswer }) {
  const low = money(value.lowInPennies, value.currencyCode);
  const estimate = money(value.estimateInPennies, value.currencyCode);
  const high = money(value.highInPennies, value.currencyCode);
  const position = estimatePosition(value.lowInPennies!, value.estimateInPennies!, value.highInPennies!);
  return (
    <div className="range" part="range" role="group" aria-label={t.rangeLabel(low, estimate, high)}>
      <p className="estimate-figure" part="estimate">
        {estimate}
      </p>
      <div className="bar" part="bar" aria-hidden="true">
        <span className="bar-marker" data-position={position} style={{ insetInlineStart: `${position}%` }} />
      </div>
      <dl className="range-ends">
        <div>
          <dt>{t.low}</dt>
          <dd part="low">{low}</dd>
        </div>
        <div className="range-middle">
          <dt>{t.estimate}</dt>
          <dd>{estimate}</dd>
        </div>
        <div className="range-high">
          <dt>{t.high}</dt>
          <dd part="high">{high}</dd>
        </div>
      </dl>
      {value.rangeProbability !== null && (
        <p className="range-likely" part="range-likely">
          {t.rangeLikely(shareText(value.rangeProbability), low, high)}
        </p>
      )}
      {value.listPriceInPennies !== null && (
        <p className="listed" part="listed">
          {t.listed(money(value.listPriceInPennies, value.currencyCode))}
        </p>
      )}
    </div>
  );
}

function Comparables({ value, stockPhoto }: { value: HomeValueAnswer; stockPhoto: string }) {
  return (
    <section className="comparables" aria-labelledby="comparables-heading">
      <h3 id="comparables-heading" className="subheading">
        {t.comparablesHeading}
      </h3>
      <ul className="comparable-list" part="comparables">
        {value.comparables.map((c) => {
          // 'Sold Mar 2026 for $612,000 · 0.4 mi · 4 bd · 2 ba · 2,260 sq ft · Built 1926': what it is, plainly.
          const label = [
            t.sold(soldMonthText(c.soldDate), money(c.soldPriceInPennies, value.currencyCode)),
            t.distance(milesText(c.distanceMeters)),
            c.bedrooms !== null ? t.facts.beds(c.bedrooms) : null,
            c.bathrooms !== null ? t.facts.baths(c.bathrooms) : null,
            c.livingArea !== null ? t.facts.area(formatNumber(c.livingArea, 0)) : null,
            c.yearBuilt !== null ? t.facts.built(c.yearBuilt) : null,
          ].filter(Boolean);
          return (
            <li key={c.id} className="comparable" part="comparable" data-listing-id={c.id}>
              <img
                className="comparable-photo photo-thumbnail"
                part="comparable-photo"
                src={c.photoUri ?? stockPhoto}
                alt={t.photoAlt(c.listingAddress)}
                width={120}
                height={90}
              />
              <div className="comparable-text">
                <p className="comparable-address">
                  {c.listingAddress}
                  {c.demo && (
                    <>
                      {' '}
                      <span className="demo-sale" part="demo-sale" title={t.demoSaleNote}>
                        {t.demoSale}
                        <span className="visually-hidden">: {t.demoSaleNote}</span>
                      </span>
                    </>
                  )}
                </p>
                <p className="comparable-sold">{label.join(' · ')}</p>
                <p className="comparable-adjusted">{t.adjusted(money(c.adjustedValueInPennies, value.currencyCode))}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A required field of the contact form, bound to the behaviour's draft and errors by its name. */
const ContactField = forwardRef<
  HTMLInputElement & HTMLTextAreaElement,
  { b: HomeValueBehaviour; name: 'firstName' | 'lastName' | 'email' | 'phone'; type?: string; inputMode?: 'tel'; autoComplete: string; maxLength: number }
>(function ContactField({ b, name, ...control }, ref) {
  return (
    <Field
      ref={ref}
      label={t[name]}
      required
      {...control}
      value={b.contact[name]}
      error={b.contactErrors[name]}
      onChange={(e) => {
        const control = e.currentTarget;
        b.setContactField(name, control.value, control.selectionStart === null || control.selectionStart === control.value.length);
      }}
    />
  );
});

function RequestForm({ b }: { b: HomeValueBehaviour }) {
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), []);
  const busy = b.request === 'sending';
  return (
    <Form className="request-form" part="request-form" onSubmit={() => void b.send()}>
      <h3 className="subheading">{t.precise}</h3>
      <p className="muted">{t.preciseIntro}</p>
      <div className="pair">
        <ContactField ref={first} b={b} name="firstName" autoComplete="given-name" maxLength={100} />
        <ContactField b={b} name="lastName" autoComplete="family-name" maxLength={100} />
      </div>
      <ContactField b={b} name="email" type="email" autoComplete="email" maxLength={254} />
      <ContactField b={b} name="phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} />
      <label className="opt-in" part="opt-in">
        <input type="checkbox" checked={b.optIn} onChange={(e) => b.setOptIn(e.currentTarget.checked)} />
        {t.optIn}
      </label>
      <InlineAlert className="error" part="error" message={b.sendError} />
      <div className="actions">
        <Button type="submit" busy={busy} part="send">
          {busy ? t.sending : t.send}
        </Button>
        <Button tone="secondary" onClick={b.closeRequest}>
          {t.cancel}
        </Button>
      </div>
    </Form>
  );
}

function Result({ b, stockPhoto }: { b: HomeValueBehaviour; stockPhoto: string }) {
  const { estimate } = b;
  if (estimate.status === 'idle') return null;
  if (estimate.status === 'loading') {
    return (
      <p className="status" part="status" role="status">
        {t.estimating}
      </p>
    );
  }
  if (estimate.status === 'failed') {
    return <RetryAlert className="failed" part="status" message={estimate.message} retry={t.retry} onRetry={b.retry} />;
  }
  const { value } = estimate;
  return (
    <section className="result" part="result" aria-labelledby="result-heading" data-state={estimate.status}>
      <h3 id="result-heading" className="subheading">
        {estimate.status === 'estimated' ? t.estimateHeading : t.notEnoughSales}
      </h3>
      <p className="result-address">{value.address}</p>
      {estimate.status === 'estimated' && (
        <>
          <RangeBar value={value} />
          {value.confidence && (
            <p className="confidence" part="confidence" data-confidence={value.confidence}>
              {t.confidence[value.confidence]}
            </p>
          )}
        </>
      )}
      <h3 className="subheading">{t.methodHeading}</h3>
      <p className="method" part="method">
        {value.method}
      </p>
      {estimate.status === 'estimated' && <Comparables value={value} stockPhoto={stockPhoto} />}
      {b.request === 'closed' && (
        <Button part="precise" onClick={b.openRequest}>
          {t.precise}
        </Button>
      )}
      {(b.request === 'open' || b.request === 'sending') && <RequestForm b={b} />}
      {b.request === 'sent' && (
        <div className="thanks" part="thanks" role="status">
          <h3 className="subheading">{t.requestedHeading}</h3>
          <p>{t.requested}</p>
          {b.sentOptIn && <p>{t.requestedUpdates}</p>}
        </div>
      )}
    </section>
  );
}

/** The facts typed as numbers, in the form's order, with the most characters each may take. */
const NUMBER_FACTS = [
  ['bedrooms', 3],
  ['bathrooms', 3],
  ['livingArea', 8],
  ['yearBuilt', 4],
] as const;

export interface HomeValueViewProps {
  behaviour: HomeValueBehaviour;
  stockPhoto: string;
}

export function HomeValueView({ behaviour: b, stockPhoto }: HomeValueViewProps) {
  const id = useId();
  const state = b.estimate.status === 'idle' ? 'idle' : b.estimate.status;
  return (
    <div className="home-value surface-panel" part="base" data-state={state} data-request={b.request}>
      <h2 className="heading" part="heading">
        {t.heading}
      </h2>
      <p className="muted">{t.intro}</p>
      <Form className="ask" part="form" onSubmit={b.getEstimate}>
        <div className="address" part="address">
          <SearchBoxView behaviour={b.place} label={t.addressLabel} />
          <InlineAlert className="error" part="error" message={b.addressError} />
        </div>
        <fieldset className="facts" part="facts">
          <legend>{t.factsLegend}</legend>
          <ControlField id={`${id}-type`} label={t.homeType}>
            <select
              id={`${id}-type`}
              className="field-control"
              value={b.facts.homeType}
              onChange={(e) => b.setFact('homeType', e.currentTarget.value as HomeType | '')}
            >
              <option value="">{t.homeTypeAny}</option>
              {HOME_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t.homeTypes[type]}
                </option>
              ))}
            </select>
          </ControlField>
          {NUMBER_FACTS.map(([name, maxLength]) => (
            <Field
              key={name}
              label={t[name]}
              inputMode="numeric"
              maxLength={maxLength}
              value={b.facts[name]}
              error={b.factErrors[name]}
              onChange={(e) => b.setFact(name, e.currentTarget.value)}
            />
          ))}
        </fieldset>
        <Button type="submit" part="get-estimate" busy={b.estimate.status === 'loading'}>
          {t.getEstimate}
        </Button>
      </Form>
      <div aria-live="polite">
        <Result b={b} stockPhoto={stockPhoto} />
      </div>
    </div>
  );
}

export interface HomeValueProps {
  address: string;
  listingId: number | null;
  element: ElementHandle;
}

export function HomeValue({ address, listingId, element }: HomeValueProps) {
  const context = useHearthValue(appContextAtom)?.context;
  const countries = context?.partner.addressSearchComponentRestrictions?.country ?? DEFAULT_COUNTRIES;
  const behaviour = useHomeValue({
    countries,
    initialAddress: address,
    listingId,
    onEstimated: (detail) => element.emit<HomeValueEstimatedDetail>('home-value-estimated', detail),
    onRequested: (detail) => element.emit<ValuationRequestedDetail>('valuation-requested', detail),
  });
  return <HomeValueView behaviour={behaviour} stockPhoto={assetUrl(STOCK_PHOTO)} />;
}
