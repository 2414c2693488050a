/**
 * The search's filter controls, each labelled: price, beds, baths, home type and sale or rent (the toolbar's
 * first filters), area, year built, open house and new listings (behind 'More'), and the rental filters in
 * rental classification. The toolbar and the Filters sheet draw the same ones; pure views of their props.
 */
import { useId, type ReactNode } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import { stayTexts } from '../../core/i18n/stays';
import { propertyTypesFor, RENTAL_FILTER_OPTIONS, RENTAL_TEXT_FILTERS, type SearchFilters } from '../../core/search/search-model';

type NumberFilter = 'minPrice' | 'maxPrice' | 'minArea' | 'maxArea' | 'minYearBuilt' | 'maxYearBuilt';

export interface FilterProps {
  filters: SearchFilters;
  onChange: (f: Partial<SearchFilters>) => void;
  /** In the Filters sheet: numbers count as they are typed (the sheet applies them all at once). */
  live?: boolean;
}

/** One filter: its label above the control that `control` draws with the id the label points at. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="filter">
      <label className="filter-label" htmlFor={id}>
        {label}
      </label>
      {control(id)}
    </div>
  );
}

function NumberInput({ name, label, filters, onChange, live = false }: FilterProps & { name: NumberFilter; label: string }) {
  const commit = (raw: string) => {
    const value = raw.trim() === '' ? null : Number(raw);
    if (value === null || (Number.isFinite(value) && value >= 0)) {
      if (value !== filters[name]) onChange({ [name]: value });
    }
  };
  return (
    <FilterField
      label={label}
      control={(id) => (
        <input
          id={id}
          // A value set from elsewhere (Reset filters, back/forward) replaces what is typed; while typing live it is the source.
          key={live ? 'live' : String(filters[name])}
          className="control"
          type="number"
          inputMode="numeric"
          min={0}
          name={name}
          defaultValue={filters[name] ?? ''}
          onChange={live ? (event) => commit(event.currentTarget.value) : undefined}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && commit(event.currentTarget.value)}
        />
      )}
    />
  );
}

export function Select({ label, value, options, onChange, name }: { label: string; name: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <select id={id} className="control" name={name} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const counts = (label: string): [string, string][] => [['', label], ...[1, 2, 3, 4, 5].map((n): [string, string] => [String(n), t.atLeast(n)])];

/** Price, beds, baths, home type, sale or rent: the toolbar's first filters, and the sheet's. */
export function MainFilters(props: FilterProps) {
  const { filters: f, onChange: change } = props;
  return (
    <>
      <NumberInput name="minPrice" label={t.minPrice} {...props} />
      <NumberInput name="maxPrice" label={t.maxPrice} {...props} />
      <Select label={t.beds} name="beds" value={String(f.minBeds ?? '')} options={counts(t.any)} onChange={(v) => change({ minBeds: v ? Number(v) : null })} />
      <Select label={t.baths} name="baths" value={String(f.minBaths ?? '')} options={counts(t.any)} onChange={(v) => change({ minBaths: v ? Number(v) : null })} />
      <Select
        label={t.propertyType}
        name="type"
        value={f.propertyType ?? ''}
        options={[['', t.anyType], ...propertyTypesFor(f.classification).map((type): [string, string] => [type, t.propertyTypes[type]])]}
        onChange={(v) => change({ propertyType: v || null })}
      />
      <Select
        label={t.classification}
        name="for"
        value={f.classification ?? ''}
        options={[['', t.saleOrRent], ['SALE', t.forSale], ['RENT', t.forRent]]}
        onChange={(v) => change({ classification: v === 'SALE' || v === 'RENT' ? v : null })}
      />
    </>
  );
}

/** Area, year built, open house, new listings: behind 'More' in the toolbar, after the others in the sheet. */
export function MoreFilters(props: FilterProps) {
  const { filters: f, onChange: change } = props;
  return (
    <>
      <NumberInput name="minArea" label={t.minArea} {...props} />
      <NumberInput name="maxArea" label={t.maxArea} {...props} />
      <NumberInput name="minYearBuilt" label={t.minYearBuilt} {...props} />
      <NumberInput name="maxYearBuilt" label={t.maxYearBuilt} {...props} />
      <label className="check">
        <input type="checkbox" checked={f.hasOpenHouse} onChange={(e) => change({ hasOpenHouse: e.currentTarget.checked })} />
        {t.hasOpenHouse}
      </label>
      <label className="check">
        <input type="checkbox" checked={f.newListingsOnly} onChange={(e) => change({ newListingsOnly: e.currentTarget.checked })} />
        {t.newListings}
      </label>
      {f.classification === 'RENT' && <RentalFilters {...props} />}
    </>
  );
}

/** Tenant type, gender preference, preferred tenant, room type, food: only in rental classification. */
function RentalFilters({ filters: f, onChange: change }: FilterProps) {
  const r = stayTexts.rentalFilters;
  return (
    <fieldset className="rental-filters" part="rental-filters">
      <legend className="filter-label">{r.legend}</legend>
      {RENTAL_TEXT_FILTERS.map((name) => (
        <Select
          key={name}
          label={r[name]}
          name={name}
          value={f[name] ?? ''}
          options={[['', r.any], ...RENTAL_FILTER_OPTIONS[name].map((v): [string, string] => [v, v])]}
          onChange={(v) => change({ [name]: v || null })}
        />
      ))}
      <label className="check">
        <input type="checkbox" name="foodIncluded" checked={f.foodIncluded} onChange={(e) => change({ foodIncluded: e.currentTarget.checked })} />
        {r.foodIncluded}
      </label>
    </fieldset>
  );
}
