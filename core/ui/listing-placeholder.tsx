import { listingTexts } from '../i18n/listing';

/** What a listing element shows while it has no listing (`status`: empty, loading, missing or failed). */
export function ListingPlaceholder({ status }: { status: string }) {
  const text = { empty: listingTexts.noListing, loading: listingTexts.loading, missing: listingTexts.missing, failed: listingTexts.failed }[
    status as 'empty' | 'loading' | 'missing' | 'failed'
  ];
  return (
    <div className="placeholder" part="base" data-state={status} role={status === 'loading' ? 'status' : undefined}>
      <p>{text}</p>
    </div>
  );
}
