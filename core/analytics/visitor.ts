/**
 * The page's pseudonymous visitor id while visitor activity is recorded (null otherwise): a random UUID
 * kept in local storage per API and partner, replaced when the visitor asks to be forgotten. The contact
 * form sends it with a lead so the agent sees what the visitor looked at; nothing else identifies anyone.
 */
let current: string | null = null;

export const visitorKey = (api: string, partner: string) => `hearth:visitor:${api}|${partner}`;

/** The id recorded now, or null when analytics is off, opted out, or not started. */
export const currentVisitorId = (): string | null => current;

/** The stored id, or a new one stored (a page-long one when storage is blocked). */
export function loadVisitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | null, key: string, uuid: () => string): string {
  let id: string | null = null;
  try {
    id = storage?.getItem(key) ?? null;
  } catch {
    // storage blocked: a page-long id
  }
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = uuid();
    try {
      storage?.setItem(key, id);
    } catch {
      // as above
    }
  }
  current = id;
  return id;
}

/** A new id in place of the old (after the old one's events were erased). */
export function replaceVisitorId(storage: Pick<Storage, 'setItem'> | null, key: string, uuid: () => string): string {
  current = uuid();
  try {
    storage?.setItem(key, current);
  } catch {
    // storage blocked
  }
  return current;
}

/** Analytics stopped (tests; a page that turns it off). */
export function clearVisitorId(): void {
  current = null;
}
