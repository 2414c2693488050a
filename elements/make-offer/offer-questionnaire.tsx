/**
 * The offer questionnaire inside our shadow root: `<hearth-questionnaire response-id mode="form">` on the
 * offer's response, shared by <hearth-make-offer> and <hearth-offers> ('Continue offer'). The loader only
 * sees the page's own tags, so we load the questionnaire element ourselves; `onCompleted` hears its
 * `hearth-questionnaire-completed` (which also goes on bubbling out to the page).
 */
import { createElement, useEffect, useRef } from 'react';

interface CompletedEventDetail {
  responseId?: unknown;
}

export interface OfferQuestionnaireProps {
  responseId: string;
  /** Names the region that holds the questionnaire. */
  label: string;
  onCompleted: (responseId: string) => void;
}

/** Defines <hearth-questionnaire> (once; later calls reuse the loaded module). */
export const loadQuestionnaireElement = () => import('../questionnaire/questionnaire.element');

export function OfferQuestionnaire({ responseId, label, onCompleted }: OfferQuestionnaireProps) {
  const region = useRef<HTMLElement>(null);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(() => {
    void loadQuestionnaireElement();
  }, []);

  useEffect(() => {
    const node = region.current;
    if (!node) return;
    const listener = (event: Event) => {
      const id = (event as CustomEvent<CompletedEventDetail>).detail?.responseId;
      if (typeof id === 'string') completed.current(id);
    };
    node.addEventListener('hearth-questionnaire-completed', listener);
    return () => node.removeEventListener('hearth-questionnaire-completed', listener);
  }, []);

  return (
    <section ref={region} className="offer-questionnaire" part="questionnaire" aria-label={label}>
      {/* Created by name: its tag is defined by the lazily loaded questionnaire chunk. */}
      {createElement('hearth-questionnaire', { 'response-id': responseId, mode: 'form', key: responseId })}
    </section>
  );
}
