/** What the public API counts for a search, so browser tests assert on what exists rather than on the seed's numbers. */
import { apiUrl } from './fixtures';

/**
 * The total of listings the public API finds around Salt Lake City for `searchInput` (as partner acme); for
 * sale unless told otherwise, as <hearth-search-map> searches by default.
 */
export async function saltLakeCityTotal(filters: Record<string, unknown> = {}): Promise<number> {
  const searchInput = { classification: 'SALE', ...filters };
  const response = await fetch(`${apiUrl()}/public_graphql/?queryName=Expected&partner=acme`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'query Expected($searchInput: SearchInput) { listingLoad(address: "Salt Lake City, UT, USA", first: 25, searchInput: $searchInput) { totalCount } }',
      variables: { searchInput },
    }),
  });
  const json = (await response.json()) as { data: { listingLoad: { totalCount: number } } };
  return json.data.listingLoad.totalCount;
}
