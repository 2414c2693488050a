/**
 * The search's toolbar (place, the compact layout's Filters button, the inline filters and 'More', sort,
 * map or gallery, Save this search) and the compact layout's Filters sheet. Pure views of their props: the
 * state is use-search-surface.ts's.
 */
import type { ReactNode } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import type { FilterCount } from '../../core/search/use-filter-count';
import { activeFilterCount, hasFilters, SORTS, type SearchFilters, type SearchModel, type SearchView } from '../../core/search/search-model';
import { Dialog } from '../../core/ui/dialog';
import { Form } from '../../core/ui/form';
import { MainFilters, MoreFilters, Select } from './search-filters';

export interface ToolbarProps {
  model: SearchModel;
  /** The filters the search started with: what the badge counts from. */
  defaults: SearchFilters;
  /** The place box (its own element). */
  place: ReactNode;
  onFiltersChange: (filters: Partial<SearchFilters>) => void;
  onSort: (sort: SearchModel['sort']) => void;
  onView: (view: SearchView) => void;
  onSave: () => void;
  onFilters: () => void;
}

export function Toolbar({ model, defaults, place, onFiltersChange: change, onSort, onView, onSave, onFilters }: ToolbarProps) {
  const f = model.filters;
  const set = activeFilterCount(f, defaults);
  return (
    <div className="toolbar" part="toolbar" role="search" aria-label={t.toolbar}>
      {place}
      {/* The compact layout's way to the filters (the sheet); the wide layout shows them inline instead. */}
      <button type="button" className="filters-button" part="filters-button" aria-haspopup="dialog" onClick={onFilters}>
        {t.filters}
        {set > 0 && (
          <>
            <span className="filters-count" aria-hidden="true">
              {set}
            </span>
            <span className="visually-hidden">{t.filtersSet(set)}</span>
          </>
        )}
      </button>
      <div className="inline-filters">
        <MainFilters filters={f} onChange={change} />
        <details className="more" part="more">
          <summary className="more-summary">{t.more}</summary>
          <div className="more-body">
            <MoreFilters filters={f} onChange={change} />
          </div>
        </details>
      </div>
      <Select label={t.sort} name="sort" value={model.sort} options={SORTS.map((s): [string, string] => [s, t.sorts[s]])} onChange={(v) => onSort(v as SearchModel['sort'])} />
      <div className="views" role="group" aria-label={t.views}>
        {(['map', 'gallery'] as SearchView[]).map((view) => (
          <button key={view} type="button" className="view-button" aria-pressed={model.view === view} onClick={() => onView(view)}>
            {view === 'map' ? t.mapView : t.galleryView}
          </button>
        ))}
      </div>
      <button type="button" className="button button-secondary save" part="save-search" onClick={onSave}>
        {t.saveSearch}
      </button>
    </div>
  );
}

export interface FiltersSheetProps {
  /** The filters chosen in the sheet, not applied yet. */
  pending: SearchFilters;
  /** Bumped by Reset: the number fields start again from the cleared filters. */
  round: number;
  /** What the pending filters would find. */
  count: FilterCount;
  /** The filters the search started with: what Reset goes back to. */
  defaults: SearchFilters;
  onChange: (filters: Partial<SearchFilters>) => void;
  onReset: () => void;
  onApply: () => void;
  onClose: () => void;
}

/**
 * Every filter in a modal sheet: changes stay pending (the results behind do not move) while the apply
 * button counts what they would find; applying sets them all at once. Escape or × leaves them as they were.
 */
export function FiltersSheet({ pending, round, count, defaults, onChange, onReset, onApply, onClose }: FiltersSheetProps) {
  const label = count.count ? t.showHomes(t.total(count.count.totalCount, count.count.totalCountCapped)) : t.showHomes(null);
  return (
    <Dialog title={t.filters} onClose={onClose} part="filters-sheet" className="sheet">
      <Form className="sheet-form" onSubmit={onApply}>
        <div className="sheet-fields" key={round}>
          <MainFilters filters={pending} onChange={onChange} live />
          <MoreFilters filters={pending} onChange={onChange} live />
        </div>
        <p className="visually-hidden" role="status">
          {count.status === 'counting' ? '' : label}
        </p>
        <div className="dialog-actions sheet-actions">
          <button type="button" className="button button-secondary" disabled={!hasFilters(pending, defaults)} onClick={onReset}>
            {t.resetFilters}
          </button>
          <button type="submit" className="button button-primary" part="apply-filters" data-state={count.status}>
            {label}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
