// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../core/testing/react-root';
import { loadWidget } from '../../client/widget-loader';
import type { WidgetModule } from '../../client/widget-module';
import { pauseTyping, renderWidget, typeText } from '../testing';
import { widgetTexts } from '../texts';
import type { Values } from '../widget';
import { DIALOG_RENDER_DELAY_MS } from './entries-grid.rules';
import { gridMessages } from './entries-grid.widget';

const t = widgetTexts.entriesGrid;
const GRID = `<hu-entries-grid hu-key="places" hu-title="Places" required custom-validation="addressHistory"
  column-titles="City,From,To" column-vars="city_{r},from_{r},to_{r}" column-weights="2,1,1" column-filters=",,current date" sort-by="-from_{r}">
  <hu-text hu-key="city" hu-title="City" variables="city_{r}"></hu-text>
  <hu-date hu-key="from" hu-title="From" variables="from_{r}" required></hu-date>
  <hu-date hu-key="to" hu-title="To" variables="to_{r}"></hu-date>
</hu-entries-grid>`;

let grid: WidgetModule;

beforeEach(async () => {
  // The entry form's widgets are loaded with the screen, as the questionnaire does.
  await Promise.all([loadWidget('text'), loadWidget('date')]);
  grid = await loadWidget('entries-grid');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = testRoot();

function render(markup: string, initial: Values = {}) {
  return renderWidget(dom, grid, markup, { initial }).seen;
}

const $ = <T extends Element = HTMLElement>(selector: string) => dom.container.querySelector<T>(selector);
const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name) as HTMLButtonElement | undefined;
const click = (el: HTMLElement | undefined) => act(() => el!.click());
function type(input: HTMLInputElement | null, text: string) {
  typeText(input!, text);
  pauseTyping();
}
function choose(select: HTMLSelectElement | null, value: string) {
  act(() => {
    select!.value = value;
    select!.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
function date(key: string, month: string, day: string, year: string) {
  const field = $(`dialog [data-key="${key}"]`)!;
  type(field.querySelector<HTMLInputElement>('input[aria-label="Month"]'), month);
  type(field.querySelector<HTMLInputElement>('input[aria-label="Day"]'), day);
  choose(field.querySelector<HTMLSelectElement>('select'), year);
}
const rows = () => [...dom.container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
const openDialog = () => {
  click(button(t.addButton));
  act(() => vi.advanceTimersByTime(DIALOG_RENDER_DELAY_MS));
};

describe('<hu-entries-grid> widget view (widget spec §2, §4, §5, §8)', () => {
  it('starts empty with an add button; the dialog renders its entry form after 50 ms', () => {
    render(GRID);
    expect($('.entries-grid-empty')!.textContent).toBe(t.empty);
    expect($('.widget-title')!.textContent).toContain('Places');
    click(button(t.addButton));
    expect($('dialog')).not.toBeNull();
    expect($('.entries-grid-form')!.getAttribute('data-state')).toBe('opening');
    expect($('dialog [data-key="city"]')).toBeNull();
    act(() => vi.advanceTimersByTime(DIALOG_RENDER_DELAY_MS - 1));
    expect($('dialog [data-key="city"]')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect($('dialog [data-key="city"]')).not.toBeNull();
    expect(button(t.add)!.disabled).toBe(true);
    expect($('.entries-grid-incomplete')!.textContent).toBe('Please fully answer the questions above to add this entry');
  });

  it('adds entries (Add Entry disabled until the entry form is valid), sorted and flattened into numbered variables', () => {
    const seen = render(GRID);
    openDialog();
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Provo');
    expect(button(t.add)!.disabled).toBe(true);
    date('from', '3', '1', '2019');
    expect(button(t.add)!.disabled).toBe(false);
    expect($('.entries-grid-incomplete')).toBeNull();
    click(button(t.add));
    expect($('dialog')).toBeNull();
    expect(seen.at(-1)).toMatchObject({ city_1: 'Provo', from_1: '3/1/2019', to_1: '', city_2: '' });
    // The open end shows today's date (the current date filter).
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(rows()).toEqual([['Provo', '3/1/2019', `${pad(today.getMonth() + 1)}/${pad(today.getDate())}/${today.getFullYear()}`]]);

    openDialog();
    // The new entry's form is row 2: its {r} variables are numbered so.
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Ogden');
    date('from', '1', '1', '2015');
    date('to', '3', '1', '2019');
    click(button(t.add));
    expect(seen.at(-1)).toMatchObject({ city_1: 'Provo', city_2: 'Ogden', from_2: '1/1/2015', to_2: '3/1/2019' });
    expect(rows().map((r) => r[0])).toEqual(['Provo', 'Ogden']);

    // A newer entry goes first (sort-by -from).
    openDialog();
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Logan');
    date('from', '6', '1', '2024');
    click(button(t.add));
    expect(rows().map((r) => r[0])).toEqual(['Logan', 'Provo', 'Ogden']);
    expect(seen.at(-1)).toMatchObject({ city_1: 'Logan', city_2: 'Provo', city_3: 'Ogden' });
  });

  it('edits with Update Entry, Cancel leaves the entry as it was, Delete removes and renumbers', () => {
    const seen = render(GRID, { city_1: 'Provo', from_1: '3/1/2019', to_1: '', city_2: 'Ogden', from_2: '1/1/2015', to_2: '3/1/2019' });
    click(button(t.edit(2)));
    act(() => vi.advanceTimersByTime(DIALOG_RENDER_DELAY_MS));
    expect(button(t.update)).toBeDefined();
    expect($<HTMLInputElement>('dialog [data-key="city"] input')!.value).toBe('Ogden');
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Changed');
    click(button(t.cancel));
    expect($('dialog')).toBeNull();
    expect(seen).toEqual([]);
    expect(rows().map((r) => r[0])).toEqual(['Provo', 'Ogden']);

    click(button(t.edit(2)));
    act(() => vi.advanceTimersByTime(DIALOG_RENDER_DELAY_MS));
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Salt Lake City');
    click(button(t.update));
    expect(seen.at(-1)).toMatchObject({ city_1: 'Provo', city_2: 'Salt Lake City' });

    click(button(t.delete(1)));
    expect(seen.at(-1)).toMatchObject({ city_1: 'Salt Lake City', from_1: '1/1/2015', city_2: '', from_2: '' });
    expect(rows().map((r) => r[0])).toEqual(['Salt Lake City']);
  });

  it('shows the history messages after a change', () => {
    render(GRID, { city_1: 'Provo', from_1: '3/1/2019', to_1: '' });
    expect($('.entries-grid-errors')).toBeNull();
    openDialog();
    type($<HTMLInputElement>('dialog [data-key="city"] input'), 'Ogden');
    date('from', '1', '1', '2015');
    date('to', '6', '1', '2019');
    click(button(t.add));
    expect([...dom.container.querySelectorAll('.entries-grid-errors li')].map((li) => li.textContent)).toEqual(['Entry dates must not overlap.']);
  });

  it('preview-only: the table without edit, delete or add', () => {
    render(GRID.replace('required', 'required preview-only'), { city_1: 'Provo', from_1: '3/1/2019', to_1: '1/1/2020' });
    expect(rows()).toEqual([['Provo', '3/1/2019', '1/1/2020']]);
    expect(dom.container.querySelectorAll('button')).toHaveLength(0);
  });

  it('lists every message it has, in order', () => {
    expect(gridMessages({ gap: 'true', overlap: 'true', required: 'true' })).toEqual([
      widgetTexts.errors.required, 'Entry dates must not overlap.', 'Gaps between entries must be less than one month.',
    ]);
    expect(gridMessages(null)).toEqual([]);
  });
});
