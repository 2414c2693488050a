/**
 * The behaviour of <hearth-mortgage-calculator>: the fields start from the presets (attributes) and
 * follow them when they change; every edit re-estimates at once; each new estimate is announced to the
 * host page as `hearth-mortgage-calculated`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ElementHandle } from '../define-element/define-element';
import type { LoanTermYears, MonthlyBreakdown } from './amortization';
import {
  evaluateCalculator,
  presetInputs,
  switchDownPaymentMode,
  type CalculatorField,
  type CalculatorInputs,
  type CalculatorPresets,
  type DownPaymentMode,
} from './calculator';

/** Detail of `hearth-mortgage-calculated` (money in pennies). */
export interface MortgageCalculatedDetail {
  currency: string;
  loanAmount: number;
  annualRatePercent: number;
  termYears: LoanTermYears;
  monthly: MonthlyBreakdown;
  totalInterest: number;
}

export function useMortgageCalculator(presets: CalculatorPresets, currency: string, element: ElementHandle) {
  const presetKey = JSON.stringify(presets);
  const [inputs, setInputs] = useState<CalculatorInputs>(() => presetInputs(presets));
  // A changed attribute resets the fields to the new presets.
  useEffect(() => setInputs(presetInputs(JSON.parse(presetKey) as CalculatorPresets)), [presetKey]);

  const result = useMemo(() => evaluateCalculator(inputs), [inputs]);

  const detail: MortgageCalculatedDetail | null = result.estimate
    ? {
        currency,
        loanAmount: result.estimate.loanAmount,
        annualRatePercent: Number(inputs.rate.replace(/[\s%]/g, '')),
        termYears: inputs.term,
        monthly: result.estimate.monthly,
        totalInterest: result.estimate.amortization.totalInterest,
      }
    : null;
  const detailKey = detail ? JSON.stringify(detail) : '';
  useEffect(() => {
    if (detailKey) element.emit('mortgage-calculated', JSON.parse(detailKey) as MortgageCalculatedDetail);
  }, [detailKey, element]);

  const change = useCallback((field: CalculatorField, value: string) => setInputs((current) => ({ ...current, [field]: value })), []);
  const changeTerm = useCallback((term: LoanTermYears) => setInputs((current) => ({ ...current, term })), []);
  const changeMode = useCallback((mode: DownPaymentMode) => setInputs((current) => switchDownPaymentMode(current, mode)), []);

  return { inputs, result, change, changeTerm, changeMode };
}
