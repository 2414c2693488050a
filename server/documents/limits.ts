/** How much myDocuments answers at most (its sizes in server/graphql/transport/cost.ts LIST_SIZES). */
export const MY_DOCUMENTS_CASES_MAX = 10;
/** The most slots an application type has (server/documents/slots.ts; a test holds every type to it). */
export const CASE_SLOTS_MAX = 8;
/** Documents shown per slot, newest first (a replaced file keeps its document). */
export const SLOT_DOCUMENTS_MAX = 5;
