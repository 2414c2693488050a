/**
 * Enum values for a list of lower-case domain strings ('page_view', 'contact'): each one under its upper-case
 * GraphQL name (PAGE_VIEW, CONTACT), resolving to the domain string, with its description.
 */
export function upperCaseEnumValues<V extends string>(
  values: readonly V[],
  descriptions: Record<V, string>,
): Record<Uppercase<V>, { value: V; description: string }> {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), { value, description: descriptions[value] }])) as Record<
    Uppercase<V>,
    { value: V; description: string }
  >;
}
