// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mortgageCalculatorTexts as t } from '../../core/i18n/mortgage';
import { evaluateCalculator, type CalculatorInputs } from '../../core/mortgage/calculator';
import { calculatorInputs } from '../../core/testing/calculator-inputs';
import { testRoot } from '../../core/testing/react-root';
import { MortgageCalculatorView, type MortgageCalculatorViewProps } from './mortgage-calculator.view';


const inputs = calculatorInputs();

const dom = testRoot();

function render(props: Partial<MortgageCalculatorViewProps> & { inputs?: CalculatorInputs } = {}) {
  const current = props.inputs ?? inputs;
  const all: MortgageCalculatorViewProps = {
    inputs: current,
    result: evaluateCalculator(current),
    currency: 'USD',
    change: () => {},
    changeTerm: () => {},
    changeMode: () => {},
    ...props,
  };
  dom.render(<MortgageCalculatorView {...all} />);
  return dom.container;
}

const part = (view: HTMLElement, name: string) => view.querySelector<HTMLElement>(`[data-part="${name}"] dd`)!;



describe('MortgageCalculatorView', () => {
  it('breaks the monthly payment into principal & interest, taxes, insurance and HOA', () => {
    const view = render();
    expect(part(view, 'principalAndInterest').dataset.pennies).toBe('179865');
    expect(part(view, 'principalAndInterest').textContent).toBe('$1,799');
    expect(part(view, 'taxes').textContent).toBe('$300');
    expect(part(view, 'insurance').textContent).toBe('$125');
    expect(part(view, 'hoa').textContent).toBe('$250');
    expect(part(view, 'total').textContent).toBe('$2,474');
    expect(view.querySelector('[part="total"]')!.textContent).toBe('$2,474');
    expect(view.querySelector('[role="status"]')!.textContent).toBe(t.announcement('$2,474'));
  });

  it('labels every field and offers the three terms', () => {
    const view = render();
    const labels = [...view.querySelectorAll('label.field-label')].map((l) => l.textContent!.replace(' *', ''));
    expect(labels).toEqual([t.labels.price, t.labels.downPayment, t.labels.rate, t.labels.term, t.labels.taxes, t.labels.insurance, t.labels.hoa]);
    const select = view.querySelector<HTMLSelectElement>('select[name="term"]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['15 years', '20 years', '30 years']);
    expect(select.value).toBe('30');
  });

  it('draws the amortisation chart with a text alternative and a row per year', () => {
    const view = render();
    const svg = view.querySelector('svg[role="img"]')!;
    const title = view.querySelector(`#${CSS.escape(svg.getAttribute('aria-labelledby')!)}`)!;
    const desc = view.querySelector(`#${CSS.escape(svg.getAttribute('aria-describedby')!)}`)!;
    expect(title.textContent).toBe(t.chartTitle);
    expect(desc.textContent).toContain('Over 30 years the balance falls from $300,000 to $0.');
    expect(svg.querySelectorAll('rect.chart-principal')).toHaveLength(30);
    expect(view.querySelectorAll('tbody tr[data-year]')).toHaveLength(30);
    expect(view.querySelector('tbody tr[data-year="1"]')!.textContent).toContain('$296,316');
  });

  it('shows the months of a year on demand', () => {
    const view = render();
    const toggle = view.querySelector<HTMLButtonElement>('tr[data-year="2"] button')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect([...view.querySelectorAll('tr.month-row')].map((r) => (r as HTMLElement).dataset.month)).toEqual(
      ['13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24'],
    );
    act(() => toggle.click());
    expect(view.querySelectorAll('tr.month-row')).toHaveLength(0);
  });

  it('shows field errors and no result while a field is wrong', () => {
    const view = render({ inputs: { ...inputs, price: '', rate: '99' } });
    expect(view.querySelector('[part="total"]')).toBeNull();
    expect(view.querySelector('svg')).toBeNull();
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.fixFields);
    const price = view.querySelector<HTMLInputElement>('input[name="price"]')!;
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(view.querySelector(`#${CSS.escape(price.getAttribute('aria-describedby')!)}`)!.textContent).toBe(t.errors.priceRequired);
    expect(view.querySelector('article')!.dataset.state).toBe('invalid');
  });

  it('says there is nothing to borrow with 100 % down', () => {
    const view = render({ inputs: { ...inputs, downPayment: '100', downPaymentMode: 'percent' } });
    expect(part(view, 'principalAndInterest').textContent).toBe('$0');
    expect(view.querySelector('svg')).toBeNull();
    expect(view.textContent).toContain(t.noLoan);
  });

  it('explains the down payment in the other unit', () => {
    expect(render().textContent).toContain(t.downPaymentAmountHint('20'));
    expect(render({ inputs: { ...inputs, downPayment: '10', downPaymentMode: 'percent' } }).textContent).toContain(t.downPaymentPercentHint('$37,500'));
  });

  it('formats other currencies with the spec grouping', () => {
    const view = render({ currency: 'NPR' });
    expect(part(view, 'principalAndInterest').textContent).toBe('Rs 1,799');
    expect(view.querySelector('tbody tr[data-year="1"]')!.textContent).toContain('Rs 2,96,316');
  });

  it('reports edits, the term and the down payment mode', () => {
    const change = vi.fn();
    const changeTerm = vi.fn();
    const changeMode = vi.fn();
    const view = render({ change, changeTerm, changeMode });
    const rate = view.querySelector<HTMLInputElement>('input[name="rate"]')!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(rate, '5');
      rate.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(change).toHaveBeenCalledWith('rate', '5');
    const select = view.querySelector<HTMLSelectElement>('select[name="term"]')!;
    act(() => {
      select.value = '15';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(changeTerm).toHaveBeenCalledWith(15);
    act(() => view.querySelector<HTMLInputElement>('input[value="percent"]')!.click());
    expect(changeMode).toHaveBeenCalledWith('percent');
  });
});
