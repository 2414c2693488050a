// @vitest-environment happy-dom
/** Views of the specialised widgets: land area, workforce table, floor grid, assessment result, office location. */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../core/testing/react-root';
import type { WidgetFolder } from '../tags';
import { loadWidgetUnderFakeTimers, pauseTyping, renderWidget, typeText } from '../testing';
import type { Values } from '../widget';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = testRoot();

async function render(folder: WidgetFolder, markup: string, initial: Values = {}, showErrors = false) {
  return renderWidget(dom, await loadWidgetUnderFakeTimers(folder), markup, { initial, showErrors });
}
function type(input: HTMLInputElement, text: string) {
  typeText(input, text);
  pauseTyping();
}
const byLabel = (label: string) => dom.container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

describe('<hu-land-area> view', () => {
  it('converts one unit into the others when it is edited', async () => {
    const view = await render('land-area', '<hu-land-area hu-title="Land area" prefix="land_">');
    const ropani = dom.container.querySelector<HTMLInputElement>('input[data-unit="ropani"]')!;
    type(ropani, '2');
    expect(view.seen.at(-1)).toMatchObject({ land_ropani: '2', land_aana: '32', land_sqfeet: '10952', land_sqmeter: '1017.44', land_acre: '0.25' });
    expect(dom.container.querySelector<HTMLInputElement>('input[data-unit="aana"]')!.value).toBe('32');
    type(dom.container.querySelector<HTMLInputElement>('input[data-unit="sqfeet"]')!, '72900');
    expect(dom.container.querySelector<HTMLInputElement>('input[data-unit="bigha"]')!.value).toBe('1');
    expect(dom.container.querySelector<HTMLInputElement>('input[data-unit="ropani"]')!.value).toBe('13.31');
  });

  it('labels every unit and says when a value does not start with a digit or point', async () => {
    await render('land-area', '<hu-land-area hu-title="Land area">', { ropani: 'x1' }, true);
    const labels = [...dom.container.querySelectorAll('.widget-part-label')].map((l) => l.textContent);
    expect(labels).toEqual(['Ropani', 'Aana', 'Paisa', 'Daam', 'Bigha', 'Katha', 'Dhur', 'Square feet', 'Square metres', 'Acre']);
    expect(dom.container.querySelector('[part="widget-error"]')!.textContent).toBe('Enter a number, starting with a digit or a point.');
  });

  it('describes each unit with its §9 conversion in a tooltip', async () => {
    await render('land-area', '<hu-land-area hu-title="Land area">');
    const tooltipOf = (unit: string) => {
      const ids = dom.container.querySelector(`input[data-unit="${unit}"]`)!.getAttribute('aria-describedby')!.split(' ');
      return ids.map((id) => dom.container.querySelector(`[id="${id}"]`)).find((node) => node?.getAttribute('role') === 'tooltip')!.textContent;
    };
    expect(tooltipOf('ropani')).toBe('1 Ropani = 5476 sq ft = 508.72 m²');
    expect(tooltipOf('dhur')).toBe('1 Dhur = 182.25 sq ft = 16.931579 m²');
    expect(tooltipOf('acre')).toBe('1 Acre = 43560 sq ft = 4046.86 m²');
  });
});

describe('<hu-workforce-table> view', () => {
  it('draws an accessible table with the disabled Foreign cells of Unskilled and Semi-Skilled showing a dash', async () => {
    await render('workforce-table', '<hu-workforce-table hu-title="Workforce" prefix="wf_">');
    const headers = [...dom.container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Category', 'Gender', 'Foreign', 'Local', 'Afungi', 'Palma', 'Mocimboa', 'Rest of Cabo Delgado', 'Rest of Mozambique', 'Afungi', 'Palma', 'Mocimboa', 'Rest of Cabo Delgado', 'Rest of Mozambique']);
    const disabled = byLabel('Unskilled, Male, Foreign, Afungi: Not applicable');
    expect(disabled.disabled).toBe(true);
    expect(disabled.value).toBe('-');
    expect(dom.container.querySelectorAll('td[data-state="disabled"] input:disabled')).toHaveLength(20);
    expect(byLabel('Skilled, Female, Foreign, Palma').disabled).toBe(false);
    expect(dom.container.querySelector<HTMLElement>('.widget-workforce')!.style.height).toBe('800px');
  });

  it('says what is wrong with each touched cell, and that the form is not valid', async () => {
    const view = await render('workforce-table', '<hu-workforce-table hu-title="Workforce" prefix="wf_">');
    const cellMessage = (label: string) => {
      const input = byLabel(label);
      return input.getAttribute('aria-describedby') ? dom.container.querySelector(`[id="${input.getAttribute('aria-describedby')}"]`)!.textContent : null;
    };
    type(byLabel('Skilled, Male, Local, Palma'), '-3');
    expect(cellMessage('Skilled, Male, Local, Palma')).toBe('Input must be positive');
    type(byLabel('Skilled, Male, Local, Afungi'), 'many');
    expect(cellMessage('Skilled, Male, Local, Afungi')).toBe('Input must be a number');
    type(byLabel('Skilled, Male, Local, Afungi'), '');
    expect(cellMessage('Skilled, Male, Local, Afungi')).toBe('Input must be a value');
    type(byLabel('Skilled, Male, Local, Afungi'), '4');
    expect(cellMessage('Skilled, Male, Local, Afungi')).toBeNull();
    expect(view.values().wf_skilled_local_afungi_male).toBe('4');
    // An untouched cell says nothing until the form shows its errors.
    expect(cellMessage('Professional, Female, Foreign, Palma')).toBeNull();
    await render('workforce-table', '<hu-workforce-table hu-title="Workforce" prefix="wf_">', {}, true);
    expect(dom.container.querySelector('[part="widget-error"]')!.textContent).toBe('Form is not valid');
    expect(cellMessage('Professional, Female, Foreign, Palma')).toBe('Input must be a value');
  });

  it('is read-only with read-only', async () => {
    await render('workforce-table', '<hu-workforce-table hu-title="Workforce" read-only>', { skilled_local_palma_male: '7' });
    expect(byLabel('Skilled, Male, Local, Palma').readOnly).toBe(true);
    expect(byLabel('Skilled, Male, Local, Palma').value).toBe('7');
  });
});

describe('<hu-floor-grid> view', () => {
  it('has a Basement column and 1st Floor, 2nd Floor…, writing the pattern variables', async () => {
    const view = await render('floor-grid', '<hu-floor-grid hu-title="Rooms" row-keys="bedrooms,bathrooms" row-titles="Bedrooms,Bathrooms" floors="3" basement pattern="floor_{r}_{f}">');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Room', 'Basement', '1st Floor', '2nd Floor', '3rd Floor']);
    expect([...dom.container.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['Bedrooms', 'Bathrooms']);
    type(byLabel('Bedrooms, 2nd Floor'), '3');
    type(byLabel('Bathrooms, Basement'), '1');
    expect(view.values()).toEqual({ floor_bedrooms_2: '3', floor_bathrooms_b: '1' });
  });
});

describe('<hu-assessment-result> view', () => {
  it('opens Candidate, Attention and Work Ready, closes Additional Information, and styles the status', async () => {
    await render('assessment-result', '<hu-assessment-result hu-title="Result" result-status="Eligible" candidate-name="Ada Lovelace">');
    const sections = [...dom.container.querySelectorAll('details')].map((d) => [d.querySelector('summary')!.textContent, d.open]);
    expect(sections).toEqual([
      ['Candidate', true],
      ['Attention', true],
      ['Work Ready', true],
      ['Additional Information', false],
    ]);
    expect(dom.container.querySelector('.widget-status')!.getAttribute('data-state')).toBe('on-track');
    expect(dom.container.querySelector('[data-field="candidateName"] dd')!.textContent).toBe('Ada Lovelace');
    await render('assessment-result', '<hu-assessment-result hu-title="Result" result-status="Eligible">', { resultStatus: 'Not Eligible' });
    expect(dom.container.querySelector('.widget-status')!.getAttribute('data-state')).toBe('urgent');
    expect(dom.container.querySelector('.widget-status')!.textContent).toBe('Not Eligible');
  });
});

describe('<hu-office-location> view', () => {
  it('offers the three location types and enables the apt number only with an apt type', async () => {
    const view = await render('office-location', '<hu-office-location hu-title="Office" prefix="office_" required>');
    const selects = [...dom.container.querySelectorAll('select')];
    const types = selects.find((s) => [...s.options].some((o) => o.value === 'Branch'))!;
    expect([...types.options].map((o) => o.value)).toEqual(['', 'Parent', 'Branch', 'Subsidiary']);
    const aptNumber = dom.container.querySelector<HTMLInputElement>('input[data-field="aptNumber"]')!;
    expect(aptNumber.disabled).toBe(true);
    const aptType = selects.find((s) => [...s.options].some((o) => o.value === 'Suite'))!;
    act(() => {
      aptType.value = 'Suite';
      aptType.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(view.values().office_aptType).toBe('Suite');
    expect(dom.container.querySelector<HTMLInputElement>('input[data-field="aptNumber"]')!.disabled).toBe(false);
  });
});
