/**
 * Lead registration on the listing detail (issue 16): the partner's rule (rule.ts) applied to this
 * browser's progress — pages and listings seen, 'Not now' answers, kept in local storage per API and
 * partner — and to the session. Returns what the view holds back and the actions of its panel.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionAtom } from '../auth/session';
import { runtimeSettings, type ResolvedAppContext } from '../config/context';
import { useHearthValue } from '../state/hooks';
import { registerLead } from './registration-api';
import { isCrawler, readRegistrationRule, registrationGate, type RegistrationMode, type VisitorProgress } from './rule';

const progressKey = () => {
  const { api, partner } = runtimeSettings();
  return `hearth:registration:${api}|${partner}`;
};

function readProgress(): VisitorProgress {
  try {
    const stored = JSON.parse(localStorage.getItem(progressKey()) ?? 'null') as Partial<VisitorProgress> | null;
    const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
    return { pageViews: count(stored?.pageViews), listingViews: count(stored?.listingViews), notNowUsed: count(stored?.notNowUsed) };
  } catch {
    return { pageViews: 0, listingViews: 0, notNowUsed: 0 };
  }
}

function writeProgress(progress: VisitorProgress): void {
  try {
    localStorage.setItem(progressKey(), JSON.stringify(progress));
  } catch {
    // storage blocked: every page is the first, so nobody is ever asked
  }
}

/** A page is counted once, whatever number of listing details it shows. */
let pageCounted = false;

export interface Registration {
  mode: RegistrationMode;
  gate: 'none' | 'ask' | 'require';
  /** Photos shown before asking; null: all. */
  photosShown: number | null;
  /** The sign-up dialog is open. */
  registering: boolean;
  register: () => void;
  notNow: () => void;
  /** From the sign-up dialog. */
  onLogin: () => void;
  onClosed: () => void;
}

export function useRegistration(listingId: string | null, context: ResolvedAppContext | undefined): Registration {
  const session = useHearthValue(sessionAtom);
  const rule = readRegistrationRule(context?.registration);
  const [gate, setGate] = useState<{ gate: Registration['gate']; photosShown: number | null }>({ gate: 'none', photosShown: null });
  const [registering, setRegistering] = useState(false);
  const ruleKey = JSON.stringify(rule);
  const known = session.status !== 'checking';
  const signedIn = session.status === 'authenticated';
  const listingRef = useRef(listingId);
  listingRef.current = listingId;

  useEffect(() => {
    if (listingId === null || !context || !known) return;
    const progress = readProgress();
    if (!pageCounted) {
      pageCounted = true;
      progress.pageViews += 1;
    }
    setGate(registrationGate(rule, progress, { signedIn, crawler: isCrawler(navigator.userAgent) }));
    progress.listingViews += 1;
    writeProgress(progress);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listingId, ruleKey, known, Boolean(context)]);

  const notNow = useCallback(() => {
    const progress = readProgress();
    progress.notNowUsed += 1;
    writeProgress(progress);
    setGate({ gate: 'none', photosShown: null });
  }, []);

  const onLogin = useCallback(() => {
    setRegistering(false);
    setGate({ gate: 'none', photosShown: null });
    const id = Number(listingRef.current);
    void registerLead(Number.isSafeInteger(id) && id > 0 ? id : null);
  }, []);

  return {
    mode: rule.mode,
    gate: signedIn ? 'none' : gate.gate,
    photosShown: signedIn ? null : gate.photosShown,
    registering,
    register: useCallback(() => setRegistering(true), []),
    notNow,
    onLogin,
    onClosed: useCallback(() => setRegistering(false), []),
  };
}
