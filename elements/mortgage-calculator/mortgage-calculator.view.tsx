/**
 * <hearth-mortgage-calculator>: the fields, the monthly payment broken into its parts, the amortisation
 * chart and the table by year. `MortgageCalculatorView` only renders what it is given;
 * `MortgageCalculator` connects it to the behaviour in core/mortgage/use-mortgage-calculator.ts.
 */
import { Fragment, useId, useState } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { mortgageCalculatorTexts as t } from '../../core/i18n/mortgage';
import { LOAN_TERMS, downPaymentPercent, type LoanTermYears, type MortgageEstimate, type ScheduleYear } from '../../core/mortgage/amortization';
import type { CalculatorField, DownPayment } from '../../core/mortgage/calculator';
import { parseAmount } from '../../core/mortgage/calculator';
import { CHART, chartGeometry } from '../../core/mortgage/chart';
import { useMortgageCalculator } from '../../core/mortgage/use-mortgage-calculator';
import { Field } from '../../core/ui/field';
import { TableHead } from '../../core/ui/table-head';

/** The calculator's behaviour as the hook returns it, and the currency its amounts are shown in. */
export type MortgageCalculatorViewProps = ReturnType<typeof useMortgageCalculator> & { currency: string };

const MONEY_FIELDS = ['taxes', 'insurance', 'hoa'] as const;

// ---------------------------------------------------------------------------------------------------
// Chart

function AmortizationChart({ estimate, currency }: { estimate: MortgageEstimate; currency: string }) {
  const id = useId();
  const { years } = estimate.amortization;
  const g = chartGeometry(years, estimate.loanAmount);
  const money = (pennies: number) => formatMoney(pennies, currency, { abbreviate: true, thousands: true });
  const first = years[0]!;
  const last = years.at(-1)!;
  const bottom = g.plot.y + g.plot.height;
  return (
    <figure className="chart" part="chart">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="chart-svg"
        focusable="false"
      >
        <title id={`${id}-title`}>{t.chartTitle}</title>
        <desc id={`${id}-desc`}>
          {t.chartDescription(
            years.length,
            formatMoney(estimate.loanAmount, currency),
            formatMoney(first.interest, currency),
            formatMoney(first.principal, currency),
            formatMoney(last.interest, currency),
            formatMoney(last.principal, currency),
          )}
        </desc>
        <g aria-hidden="true">
          <line className="chart-axis" x1={g.plot.x} y1={bottom} x2={g.plot.x + g.plot.width} y2={bottom} />
          <line className="chart-grid" x1={g.plot.x} y1={g.plot.y} x2={g.plot.x + g.plot.width} y2={g.plot.y} />
          <text className="chart-label" x={g.plot.x - 8} y={g.plot.y + 4} textAnchor="end">
            {money(g.maxYearly)}
          </text>
          <text className="chart-label" x={g.plot.x - 8} y={bottom + 4} textAnchor="end">
            {money(0)}
          </text>
          <text className="chart-label" x={g.plot.x + g.plot.width + 8} y={g.plot.y + 4}>
            {money(g.maxBalance)}
          </text>
          {g.bars.map((bar) => (
            <g key={bar.year}>
              <rect className="chart-principal" x={bar.x} y={bar.principal.y} width={bar.width} height={bar.principal.height} />
              <rect className="chart-interest" x={bar.x} y={bar.interest.y} width={bar.width} height={bar.interest.height} />
            </g>
          ))}
          <path className="chart-balance" d={g.balancePath} />
          {g.yearTicks.map((tick) => (
            <text key={tick.year} className="chart-label" x={tick.x} y={bottom + 18} textAnchor="middle">
              {tick.year}
            </text>
          ))}
          <text className="chart-label" x={g.plot.x + g.plot.width / 2} y={CHART.height - 2} textAnchor="middle">
            {t.axisYear}
          </text>
        </g>
      </svg>
      <figcaption>
        <ul className="chart-legend" part="chart-legend">
          <li>
            <span className="swatch swatch-principal" aria-hidden="true" />
            {t.legendPrincipal}
          </li>
          <li>
            <span className="swatch swatch-interest" aria-hidden="true" />
            {t.legendInterest}
          </li>
          <li>
            <span className="swatch swatch-balance" aria-hidden="true" />
            {t.legendBalance}
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}

// ---------------------------------------------------------------------------------------------------
// Table by year, each year's months on demand

function YearRows({ year, currency, open, onToggle }: { year: ScheduleYear; currency: string; open: boolean; onToggle: () => void }) {
  const money = (pennies: number) => formatMoney(pennies, currency);
  return (
    <>
      <tr data-year={year.year}>
        <th scope="row">
          <button type="button" className="year-toggle" aria-expanded={open} onClick={onToggle}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {year.year}
            <span className="visually-hidden"> — {open ? t.hideMonths(year.year) : t.showMonths(year.year)}</span>
          </button>
        </th>
        <td>{money(year.principal)}</td>
        <td>{money(year.interest)}</td>
        <td>{money(year.balance)}</td>
      </tr>
      {open &&
        year.months.map((month) => (
          <tr key={month.month} className="month-row" data-month={month.month}>
            <th scope="row">
              {t.columns.month} {month.month}
            </th>
            <td>{money(month.principal)}</td>
            <td>{money(month.interest)}</td>
            <td>{money(month.balance)}</td>
          </tr>
        ))}
    </>
  );
}

function AmortizationTable({ years, currency }: { years: ScheduleYear[]; currency: string }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  return (
    <div className="table-scroll" part="table" tabIndex={0} role="region" aria-label={t.tableCaption}>
      <table className="table">
        <caption>{t.tableCaption}</caption>
        <TableHead columns={[t.columns.year, t.columns.principal, t.columns.interest, t.columns.balance]} />
        <tbody>
          {years.map((year) => (
            <Fragment key={year.year}>
              <YearRows
                year={year}
                currency={currency}
                open={open.has(year.year)}
                onToggle={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (!next.delete(year.year)) next.add(year.year);
                    return next;
                  })
                }
              />
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// The whole calculator

export function MortgageCalculatorView({ inputs, result, currency, change, changeTerm, changeMode }: MortgageCalculatorViewProps) {
  const id = useId();
  const { estimate, errors } = result;
  const money = (pennies: number) => formatMoney(pennies, currency);
  const price = parseAmount(inputs.price);

  let downPaymentHint: string | undefined;
  if (result.downPaymentPennies !== null && price.ok === true) {
    downPaymentHint =
      inputs.downPaymentMode === 'percent'
        ? t.downPaymentPercentHint(money(result.downPaymentPennies))
        : t.downPaymentAmountHint(String(downPaymentPercent(price.value, result.downPaymentPennies)));
  }

  const field = (name: CalculatorField, label: string, hint?: string) => (
    <Field
      name={name}
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      required={name === 'price' || name === 'rate'}
      value={inputs[name]}
      error={errors[name]}
      hint={hint}
      onChange={(event) => change(name, event.currentTarget.value)}
    />
  );

  return (
    <article className="calculator surface-panel" part="base" data-state={estimate ? 'estimated' : 'invalid'}>
      <header>
        <h2 className="heading" part="heading">
          {t.heading}
        </h2>
        <p className="intro">{t.intro}</p>
      </header>
      <div className="layout">
        <form className="form" part="form" noValidate onSubmit={(event) => event.preventDefault()}>
          {field('price', t.labels.price)}
          <div className="down-payment">
            {field('downPayment', t.labels.downPayment, downPaymentHint)}
            <fieldset className="mode" part="down-payment-mode">
              <legend className="visually-hidden">{t.downPaymentMode}</legend>
              {(['amount', 'percent'] as const).map((mode) => (
                <label key={mode} className="mode-option">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={mode}
                    checked={inputs.downPaymentMode === mode}
                    onChange={() => changeMode(mode)}
                  />
                  {mode === 'amount' ? t.downPaymentAmount : t.downPaymentPercentOption}
                </label>
              ))}
            </fieldset>
          </div>
          <div className="pair field-pair">
            {field('rate', t.labels.rate)}
            <div className="field" part="field">
              <label className="field-label" htmlFor={`${id}-term`} part="label">
                {t.labels.term}
              </label>
              <select
                id={`${id}-term`}
                name="term"
                className="field-control"
                part="input"
                value={String(inputs.term)}
                onChange={(event) => changeTerm(Number(event.currentTarget.value) as LoanTermYears)}
              >
                {LOAN_TERMS.map((years) => (
                  <option key={years} value={String(years)}>
                    {t.termOption(years)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {MONEY_FIELDS.map((name) => (
            <Fragment key={name}>{field(name, t.labels[name])}</Fragment>
          ))}
        </form>

        <section className="summary" part="summary" aria-labelledby={`${id}-monthly`}>
          <h3 id={`${id}-monthly`} className="summary-heading">
            {t.monthlyHeading}
          </h3>
          {estimate ? (
            <>
              <p className="total" part="total">
                <span className="total-amount" data-pennies={estimate.monthly.total}>
                  {money(estimate.monthly.total)}
                </span>
              </p>
              <dl className="breakdown" part="breakdown">
                {(['principalAndInterest', 'taxes', 'insurance', 'hoa'] as const).map((part) => (
                  <div key={part} className={`breakdown-row breakdown-${part}`} data-part={part}>
                    <dt>{t.parts[part]}</dt>
                    <dd data-pennies={estimate.monthly[part]}>{money(estimate.monthly[part])}</dd>
                  </div>
                ))}
                <div className="breakdown-row breakdown-total" data-part="total">
                  <dt>{t.total}</dt>
                  <dd data-pennies={estimate.monthly.total}>{money(estimate.monthly.total)}</dd>
                </div>
              </dl>
              <dl className="loan-facts" part="loan-facts">
                <div>
                  <dt>{t.loanAmount}</dt>
                  <dd>{money(estimate.loanAmount)}</dd>
                </div>
                {estimate.loanAmount > 0 && (
                  <>
                    <div>
                      <dt>{t.totalInterest}</dt>
                      <dd>{money(estimate.amortization.totalInterest)}</dd>
                    </div>
                    <div>
                      <dt>{t.totalPaid}</dt>
                      <dd>{money(estimate.amortization.totalPaid)}</dd>
                    </div>
                  </>
                )}
              </dl>
            </>
          ) : (
            <p className="fix-fields" part="message">
              {t.fixFields}
            </p>
          )}
          <p className="visually-hidden" role="status">
            {estimate ? t.announcement(money(estimate.monthly.total)) : t.fixFields}
          </p>
        </section>
      </div>

      {estimate && (
        <section className="schedule" part="schedule" aria-labelledby={`${id}-schedule`}>
          <h3 id={`${id}-schedule`} className="schedule-heading">
            {t.chartHeading}
          </h3>
          {estimate.loanAmount > 0 ? (
            <>
              <p className="payoff">{t.payoff(estimate.amortization.months.length)}</p>
              <AmortizationChart estimate={estimate} currency={currency} />
              <AmortizationTable years={estimate.amortization.years} currency={currency} />
            </>
          ) : (
            <p part="message">{t.noLoan}</p>
          )}
        </section>
      )}
    </article>
  );
}

export interface MortgageCalculatorProps {
  price: number;
  downPayment: DownPayment;
  rate: number;
  term: '15' | '20' | '30';
  taxes: number;
  insurance: number;
  hoa: number;
  currency: string;
  element: ElementHandle;
}

export function MortgageCalculator({ price, downPayment, rate, term, taxes, insurance, hoa, currency, element }: MortgageCalculatorProps) {
  const presets = { price, downPayment, rate, term: Number(term) as LoanTermYears, taxes, insurance, hoa };
  const calculator = useMortgageCalculator(presets, currency, element);
  return <MortgageCalculatorView {...calculator} currency={currency} />;
}
