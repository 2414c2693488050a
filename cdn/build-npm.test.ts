import { describe, expect, it } from 'vitest';
import { eventMapEntries } from './build-npm';
import type { ElementDoc } from './custom-elements';

const doc = (tag: string, events: { name: string; type?: string }[]): ElementDoc => ({
  tag,
  source: `elements/${tag.slice(7)}/${tag.slice(7)}.element.ts`,
  summary: '',
  description: '',
  attributes: [],
  properties: [],
  events: events.map((event) => ({ ...event, description: '' })),
  cssParts: [],
  cssProperties: [],
  slots: [],
});

describe('eventMapEntries (the npm typings’ GlobalEventHandlersEventMap)', () => {
  it('types every documented hearth-* event once, joining the detail types of the elements that fire it', () => {
    const resolved: string[] = [];
    const entries = eventMapEntries(
      [
        doc('hearth-contact-form', [{ name: 'hearth-contact-submitted', type: 'ContactSubmittedDetail' }, { name: 'hearth-error', type: 'HearthErrorDetail' }]),
        doc('hearth-tours', [{ name: 'hearth-error', type: 'HearthErrorDetail' }, { name: 'hearth-tour-updated', type: 'TourUpdatedDetail' }]),
        doc('hearth-make-offer', [{ name: 'hearth-tour-updated', type: '{ id: string }' }, { name: 'hearth-offer-created' }]),
      ],
      (text, where) => {
        resolved.push(where);
        return text ?? 'unknown';
      },
    );
    expect(entries).toEqual([
      "    'hearth-contact-submitted': CustomEvent<ContactSubmittedDetail>;",
      "    'hearth-error': CustomEvent<HearthErrorDetail>;",
      "    'hearth-offer-created': CustomEvent<unknown>;",
      "    'hearth-tour-updated': CustomEvent<TourUpdatedDetail | { id: string }>;",
    ]);
    // Each type goes through the resolver, which imports our named types into jsx.d.ts.
    expect(resolved).toContain('hearth-make-offer @event hearth-tour-updated');
  });
});
