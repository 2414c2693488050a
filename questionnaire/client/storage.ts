/**
 * Where a browser keeps its response (marketplace spec §4: the response id lives in session storage),
 * per API, partner and questionnaire, with the guest's PIN beside it: a reload resumes, a new tab of
 * the same session too; closing the browser forgets it.
 */
export interface StoredResponse {
  id: string;
  pin: string | null;
}

export const responseStorageKey = (api: string, partner: string, questionnaire: string) => `hearth:questionnaire:${api}|${partner}|${questionnaire}`;

export function readStoredResponse(key: string, storage: Pick<Storage, 'getItem'> = sessionStorage): StoredResponse | null {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? 'null') as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredResponse).id === 'string') {
      const { id, pin } = parsed as StoredResponse;
      return { id, pin: typeof pin === 'string' ? pin : null };
    }
  } catch {
    // Storage disabled or corrupt: start afresh.
  }
  return null;
}

export function writeStoredResponse(key: string, value: StoredResponse | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = sessionStorage): void {
  try {
    if (value) storage.setItem(key, JSON.stringify(value));
    else storage.removeItem(key);
  } catch {
    // Private mode quota: the response still works for this page view.
  }
}
