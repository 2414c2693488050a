/**
 * The results column: its heading with the number of homes, the loading, failed and empty states, the
 * result cards (each card's element created once it nears the screen) and the numbered pages. Pure views
 * of their props: the search is use-search-surface.ts's.
 */
import { createElement, useRef, type RefObject } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import type { SearchListing, SearchPage } from '../../core/search/api';
import { useNearViewport } from '../../core/search/near-viewport';
import { pager } from '../../core/search/paging';
import type { ResultsState } from '../../core/search/use-search';

const SKELETON_CARDS = 6;

export interface ResultsProps {
  results: ResultsState;
  /** The list scrolls in its own column (side by side with the map): the cards are created as it scrolls. */
  scroller: RefObject<Element | null> | null;
  highlighted: string | null;
  /** Filters other than the search's first ones are set: the empty state offers 'Reset filters'. */
  filtered: boolean;
  onHighlight: (id: string | null) => void;
  onRetry: () => void;
  onResetFilters: () => void;
  onPage: (page: number, cursor: string) => void;
}

export function Results({ results, scroller, highlighted, filtered, onHighlight, onRetry, onResetFilters, onPage }: ResultsProps) {
  const total = results.page ? t.total(results.page.totalCount, results.page.totalCountCapped) : '';
  return (
    <>
      <h2 className="results-heading">
        {t.resultsHeading}
        <span className="total" part="total">
          {total && ` · ${total}`}
        </span>
      </h2>
      <p className="visually-hidden" role="status">
        {results.status === 'loading' ? t.loading : total}
      </p>
      {results.status === 'failed' && (
        <div className="message" part="error" role="alert">
          <p>{t.failed}</p>
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t.retry}
          </button>
        </div>
      )}
      {results.status === 'empty' && (
        <div className="message" part="empty">
          <p className="message-title">{t.empty}</p>
          <p>{t.emptyHint}</p>
          {filtered && (
            <button type="button" className="button button-primary" onClick={onResetFilters}>
              {t.resetFilters}
            </button>
          )}
        </div>
      )}
      {results.status === 'loading' && !results.page && (
        <ul className="list" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i} className="result">
              <div className="card-placeholder skeleton" part="skeleton" />
            </li>
          ))}
        </ul>
      )}
      {results.page && results.status !== 'empty' && (
        <>
          <ul className="list" part="list" data-state={results.status}>
            {results.page.listings.map((listing) => (
              <ResultCard key={listing.id} listing={listing} root={scroller} highlighted={highlighted === listing.id} onHighlight={onHighlight} />
            ))}
          </ul>
          <Pager page={results.page} onPage={onPage} />
        </>
      )}
    </>
  );
}

/** One result; its card (a composed element) is created once it nears the screen (the one hook here: where it is). */
function ResultCard({ listing, root, highlighted, onHighlight }: { listing: SearchListing; root: RefObject<Element | null> | null; highlighted: boolean; onHighlight: (id: string | null) => void }) {
  const item = useRef<HTMLLIElement>(null);
  const near = useNearViewport(item, root);
  return (
    <li
      ref={item}
      className="result"
      part="result"
      id={`result-${listing.id}`}
      tabIndex={-1}
      data-listing-id={listing.id}
      data-state={highlighted ? 'highlighted' : 'idle'}
      onMouseEnter={() => onHighlight(listing.id)}
      onMouseLeave={() => onHighlight(null)}
      onFocus={() => onHighlight(listing.id)}
      onBlur={() => onHighlight(null)}
    >
      {/* Composed elements are created by name: their property `listing` is set once the tag is defined. */}
      {near ? createElement('hearth-listing-card', { listing }) : <div className="card-placeholder" aria-hidden="true" />}
    </li>
  );
}

function Pager({ page, onPage }: { page: SearchPage; onPage: (page: number, cursor: string) => void }) {
  const p = pager(page.pageCursors, page.pageInfo.hasNextPage);
  return (
    <nav className="pager" part="pager" aria-label={t.pages}>
      <p className="page-of">{t.pageOf(p.current, p.total)}</p>
      {p.total > 1 && (
        <ul className="pages">
          <li>
            <button type="button" className="page-button" disabled={!p.previous} onClick={() => p.previous && onPage(p.previous.page, p.previous.cursor)}>
              {t.previousPage}
            </button>
          </li>
          {p.items.map((item) =>
            item.kind === 'gap' ? (
              <li key={`gap-${item.after}`} aria-hidden="true" className="gap">
                …
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  className="page-button"
                  aria-label={t.page(item.page)}
                  aria-current={item.current ? 'page' : undefined}
                  onClick={() => !item.current && onPage(item.page, item.cursor)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="page-button" disabled={!p.next} onClick={() => p.next && onPage(p.next.page, p.next.cursor)}>
              {t.nextPage}
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
