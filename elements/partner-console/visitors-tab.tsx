/**
 * The console's Visitors tab (issue 16 visitor activity): totals of the period, the most viewed listings,
 * searches by place and price band, and the buttons and links clicked — from our own events table, recorded
 * only while the partner has analytics on.
 */
import { useId } from 'react';
import { usePartnerActivity, ACTIVITY_PERIODS } from '../../core/analytics/use-activity';
import { formatAddress } from '../../core/format/address';
import { partnerTexts } from '../../core/i18n/partners';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { TableHead } from '../../core/ui/table-head';

const t = partnerTexts.visitors;

function CountTable({ caption, rows, what, header }: { caption: string; rows: { text: string; count: number }[]; what: string; header: string }) {
  return (
    <table className="console-table" part="visitors-table">
      <caption>{caption}</caption>
      <TableHead columns={[what, header]} />
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2}>{t.none}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.text}>
              <td>{row.text}</td>
              <td>{row.count}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function VisitorsTab({ partnerId, analyticsEnabled }: { partnerId: string; analyticsEnabled: boolean }) {
  const { state, days, setDays, reload } = usePartnerActivity(partnerId);
  const periodId = useId();
  return (
    <section className="console-visitors" part="visitors" aria-busy={state.status === 'loading'}>
      {!analyticsEnabled && <p className="console-note">{t.off}</p>}
      <ControlField id={periodId} label={t.period}>
        <select id={periodId} className="field-control" value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {ACTIVITY_PERIODS.map((n) => (
            <option key={n} value={n}>
              {t.days(n)}
            </option>
          ))}
        </select>
      </ControlField>
      {state.status === 'loading' && <p role="status">{t.loading}</p>}
      {state.status === 'failed' && (
        <p role="alert">
          {state.message ?? t.failed} <Button onClick={reload}>{partnerTexts.retry}</Button>
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <dl className="console-totals" part="visitors-totals" aria-label={t.totals}>
            {(
              [
                [t.pageViews, state.activity.pageViews],
                [t.visitors, state.activity.visitors],
                [t.listingViews, state.activity.listingViews],
                [t.searches, state.activity.searches],
                [t.markerClicks, state.activity.markerClicks],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <CountTable
            caption={t.topListings}
            what={t.listing}
            header={t.views}
            rows={state.activity.topListings.map((l) => ({ text: (l.listing && formatAddress(l.listing.address)) || t.listingGone(l.listingId), count: l.views }))}
          />
          <CountTable caption={t.byPlace} what={t.place} header={t.count} rows={state.activity.searchesByPlace} />
          <CountTable caption={t.byPriceBand} what={t.priceBand} header={t.count} rows={state.activity.searchesByPriceBand} />
          <CountTable caption={t.topClicks} what={t.clicked} header={t.count} rows={state.activity.topClicks} />
        </>
      )}
    </section>
  );
}
