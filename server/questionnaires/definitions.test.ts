import { describe, expect, it } from 'vitest';
import { nextScreen, screenWidgets, startScreen } from '../../questionnaire/engine/flow';
import { parseDefinition } from '../../questionnaire/engine/definition';
import { parseMarkup, walkElements } from '../../questionnaire/markup/parse';
import { isWidgetTag, OPTION_TAG, WIDGET_TAGS } from '../../questionnaire/widgets/tags';
import { loadDefinitionFiles } from './definitions';
import { plausibilityOf } from '../../questionnaire/engine/plausible';
import { rulesFor } from '../../questionnaire/widgets/rules';

const definitions = loadDefinitionFiles().map((d) => d.definition);

describe('questionnaire definitions (questionnaire/definitions/*.json)', () => {
  it('ships the product questionnaires', () => {
    expect(definitions.map((d) => d.slug).sort()).toEqual([
      'buyer-offer', 'kitchen-sink', 'mortgage-preapproval', 'mortgage-prequalification', 'mortgage-refinance', 'seller-intake-rent', 'seller-intake-sale',
    ]);
  });

  it.each(definitions.map((d) => [d.slug, d] as const))('%s uses only known widget tags and reaches an end screen', (_slug, definition) => {
    for (const screen of definition.screens) {
      for (const element of walkElements(parseMarkup(screen.markup))) {
        if (element.tag.startsWith('hu-')) expect(isWidgetTag(element.tag) || element.tag === OPTION_TAG, `${screen.id}: ${element.tag}`).toBe(true);
      }
      for (const widget of screenWidgets(screen.markup)) expect(widget.attributes['hu-key'], `${screen.id}: ${widget.tag}`).toBeTruthy();
    }
    let screen = startScreen(definition);
    const seen = new Set<string>();
    while (!screen.end) {
      expect(seen.has(screen.id)).toBe(false);
      seen.add(screen.id);
      screen = nextScreen(definition, screen, {})!;
      expect(screen).toBeTruthy();
    }
  });

  it.each(definitions.map((d) => [d.slug, d] as const))('%s: every plausibility rule exists and reads answers of the questionnaire', (_slug, definition) => {
    const widgets = definition.screens.flatMap((s) => screenWidgets(s.markup));
    const written = new Set(widgets.flatMap((w) => rulesFor(w.tag).variables(w)));
    // What a case starts its response with (server/offers/offers.ts buyerCaseContext).
    const seeded = new Set(['list_price']);
    for (const widget of widgets) {
      const binding = plausibilityOf(widget);
      if (!binding) continue;
      for (const variable of Object.values(binding.inputs).flat()) expect(written.has(variable) || seeded.has(variable), `${widget.key}: ${variable}`).toBe(true);
    }
  });

  it('the money, area, count and date answers of the product questionnaires are judged by a plausibility rule (issue 36)', () => {
    const judged = ['hu-currency', 'hu-date', 'hu-integer', 'hu-decimal', 'hu-non-negative-integer', 'hu-percentage'];
    for (const definition of definitions.filter((d) => d.slug !== 'kitchen-sink')) {
      for (const widget of definition.screens.flatMap((s) => screenWidgets(s.markup))) {
        if (!judged.includes(widget.tag) || widget.key === 'dob' || widget.key === 'years-there') continue;
        const dated = widget.tag === 'hu-date' && widget.attributes['year-range'];
        expect(plausibilityOf(widget) !== null || Boolean(dated), `${definition.slug}: ${widget.key}`).toBe(true);
      }
    }
  });

  it('the kitchen sink uses every widget', () => {
    const sink = definitions.find((d) => d.slug === 'kitchen-sink')!;
    const used = new Set(sink.screens.flatMap((s) => screenWidgets(s.markup).map((w) => w.tag)));
    expect([...used].sort()).toEqual(Object.keys(WIDGET_TAGS).sort());
  });

  it('branches: a land lot skips the house details', () => {
    const sale = definitions.find((d) => d.slug === 'seller-intake-sale')!;
    const basics = sale.screens.find((s) => s.id === 'basics')!;
    expect(nextScreen(sale, basics, { pt_land: 'Yes' })!.id).toBe('pricing');
    expect(nextScreen(sale, basics, { pt_land: 'Off' })!.id).toBe('features');
  });

  it('refuses a definition with a transition to nowhere, duplicate screens or no end', () => {
    const base = { slug: 'x', version: 1, title: 'X', flow: 'general', categories: [] };
    expect(() => parseDefinition({ ...base, screens: [{ id: 'a', subjectName: 'A', markup: '', end: true, next: [{ to: 'b' }] }] })).toThrow(
      'Every transition must lead to a screen of the questionnaire.',
    );
    expect(() => parseDefinition({ ...base, screens: [{ id: 'a', subjectName: 'A', markup: '' }, { id: 'a', subjectName: 'A', markup: '', end: true }] })).toThrow(
      'Screen ids must be unique.',
    );
    expect(() => parseDefinition({ ...base, screens: [{ id: 'a', subjectName: 'A', markup: '' }] })).toThrow('A questionnaire needs an end screen.');
    // Only an end screen completes a response, so the engine shows Submit there and Next everywhere else.
    expect(() =>
      parseDefinition({ ...base, screens: [{ id: 'a', subjectName: 'A', markup: '', end: true, next: [{ to: 'b' }] }, { id: 'b', subjectName: 'B', markup: '' }] }),
    ).toThrow('The last screen must be an end screen or always lead to another');
  });
});
