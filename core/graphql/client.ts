/**
 * The GraphQL client every element shares (urql core, no `graphql` package in the browser).
 * Transport rules of spec §7 as exchanges: the endpoint (/graphql/ with a session, /public_graphql/
 * otherwise) and the `queryName` parameter; errors become toasts (spec §8) unless `muteError` is set.
 */
import {
  Client,
  cacheExchange,
  fetchExchange,
  makeOperation,
  mapExchange,
  type CombinedError,
  type Exchange,
  type Operation,
} from '@urql/core';
import { signOut } from '../auth/api';
import { authHeaders, isSameOrigin, sessionAtom } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { hearthStore } from '../state/store';
import { showToast } from '../ui/toasts';
import { GENERIC_ERROR } from '../i18n/ui';

declare module '@urql/core' {
  interface OperationContext {
    /** Spec §8: do not toast this operation's errors (the caller shows them itself). */
    muteError?: boolean;
    /** A custom message instead of the server's. */
    customError?: string;
    /**
     * Spec §6: a questionnaire's guest PIN, sent as `Authorization: Questionnaire <PIN>` when nobody is signed
     * in. A questionnaire's requests (with or without a PIN) never sign anyone out (spec §8).
     */
    questionnairePin?: string | null;
  }
}

/** Names of the operations in a document, in order. */
export function operationNames(operation: Pick<Operation, 'query'>): string[] {
  return operation.query.definitions.flatMap((d) =>
    d.kind === 'OperationDefinition' && d.name ? [d.name.value] : [],
  );
}

/** `/graphql/` when a session exists, else `/public_graphql/`, with `queryName` = names joined by '+'. */
export function graphqlUrl(api: string, names: readonly string[], hasSession: boolean, partner: string): string {
  const path = hasSession ? 'graphql' : 'public_graphql';
  const params = new URLSearchParams({ queryName: names.join('+') });
  if (partner) params.set('partner', partner);
  return `${api}/${path}/?${params.toString()}`;
}

/** Spec §8: each GraphQL error message as a toast, or the custom or generic message. */
export function errorMessages(error: CombinedError, customError?: string): string[] {
  if (customError) return [customError];
  const messages = error.graphQLErrors.map((e) => e.message).filter(Boolean);
  return messages.length > 0 ? messages : [GENERIC_ERROR];
}

/**
 * Spec §8: a 403 containing 'Not authorized.' or a 401 with detail 'Authentication credentials were not
 * provided.' logs the user out — except on guest and questionnaire pages, where a PIN is the credential.
 * GraphQL over HTTP answers the same refusal of a field with 200 and an error of code UNAUTHENTICATED
 * (`codes`, the errors' `extensions.code`): that is a rejection too.
 */
export function isSessionRejection(status: number | undefined, body: string, codes: readonly unknown[] = []): boolean {
  return (
    (status === 403 && body.includes('Not authorized.')) ||
    ((status === 401 || codes.includes('UNAUTHENTICATED')) && body.includes('Authentication credentials were not provided.'))
  );
}

export const isGuestPage = (path: string) => /^\/(guest|questionnaire)(\/|$)/.test(path);

/** Spec §8: where the hosted site goes on a session rejection, back to the page the visitor was on. */
export const logoutUrl = (path: string, search: string) => `/logout?next=${encodeURIComponent(path + search)}`;

export function transportExchange(settings: () => { api: string; partner: string; hasSession: boolean }): Exchange {
  return mapExchange({
    onOperation(operation) {
      const { api, partner, hasSession } = settings();
      return makeOperation(operation.kind, operation, {
        ...operation.context,
        url: graphqlUrl(api, operationNames(operation), hasSession, partner),
        fetchOptions: {
          credentials: isSameOrigin() ? 'include' : 'omit',
          headers: { Accept: 'application/graphql-response+json, application/json', ...authHeaders(), ...pinHeader(operation, hasSession) },
        },
      });
    },
  });
}

function pinHeader(operation: Operation, hasSession: boolean): Record<string, string> {
  const pin = operation.context.questionnairePin;
  return pin && !hasSession ? { Authorization: `Questionnaire ${pin}` } : {};
}

export const sessionRejectionExchange: Exchange = mapExchange({
  onError(error, operation) {
    if (operation.context.questionnairePin !== undefined) return;
    const response = error.response as Response | undefined;
    const body = [error.message, ...error.graphQLErrors.map((e) => e.message)].join(' ');
    const codes = error.graphQLErrors.map((e) => e.extensions?.code);
    if (isSessionRejection(response?.status, body, codes) && hearthStore.get(sessionAtom).user && !isGuestPage(location.pathname)) {
      // On the hosted site the log-out page ends the session and comes back; on a partner's page there is
      // no such page, so the session ends here and the element says so.
      if (isSameOrigin()) location.assign(logoutUrl(location.pathname, location.search));
      else void signOut();
    }
  },
});

export const errorToastExchange: Exchange = mapExchange({
  onError(error, operation) {
    if (operation.context.muteError) return;
    for (const message of errorMessages(error, operation.context.customError)) {
      showToast({ message, tone: 'error' });
    }
  },
});

let clients = new Map<string, Client>();
let clientUser: string | undefined;

/**
 * The page's GraphQL client. Its cache belongs to one visitor: when the signed-in user changes (sign-in,
 * sign-out, another account), the next call gets a fresh client, so nobody is shown what the previous
 * user's queries cached (their tours, offers, favourites). A questionnaire's PIN gets a client of its own:
 * urql sends one request for reads of the same query and variables while the first is under way, and a
 * read with another PIN is another read (a wrong PIN's refusal must not answer the right one).
 */
export function graphqlClient(questionnairePin?: string | null): Client {
  const session = hearthStore.get(sessionAtom);
  const user = session.status === 'authenticated' && session.user ? String(session.user.id) : '';
  if (clientUser !== user) clients = new Map();
  clientUser = user;
  const key = questionnairePin ?? '';
  let client = clients.get(key);
  if (!client) {
    client = new Client({
      url: '/public_graphql/',
      exchanges: [
        transportExchange(() => ({ ...runtimeSettings(), hasSession: hearthStore.get(sessionAtom).status === 'authenticated' })),
        sessionRejectionExchange,
        errorToastExchange,
        cacheExchange,
        fetchExchange,
      ],
      preferGetMethod: false,
    });
    clients.set(key, client);
  }
  return client;
}
