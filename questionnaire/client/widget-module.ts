/** What a lazily loaded widget module gives the engine: its component and its rules. */
import type { ComponentType } from 'react';
import type { Result } from '../../core/graphql/call';
import type { SummarySectionData } from './api';
import type { Values, WidgetErrors, WidgetRules, WidgetSpec } from '../widgets/widget';

/** What the engine offers widgets beyond their own values. */
export interface WidgetEnvironment {
  responseId: string;
  loadSummary(): Promise<Result<SummarySectionData[]>>;
  /** The link to the next questionnaire: the element switches to it. */
  startQuestionnaire(slug: string): void;
  /** The acknowledge button: advance like Next in single-question mode. */
  advance(): void;
  /**
   * The form's own Submit / Next, with the answers as of the last change (an acknowledgment with `submits`
   * is the screen's submit). Optional for hosts that have no form of their own (a grid's entry dialog).
   */
  submit?(): void;
  /** Whole form or one question at a time (the acknowledgment reads as a confirmation in the whole form). */
  layout?: 'form' | 'single';
  /** The screen is being sent: a widget that submits shows it busy. */
  saving?: boolean;
  /** Single-question mode, on the last visible step (the map pin hides 'Looks good' there). */
  lastStep?: boolean;
}

export interface WidgetProps {
  spec: WidgetSpec;
  /** The whole form's values (variable → value); a widget reads its own variables. */
  values: Values;
  /** The widget's own variables that changed. */
  onChange(values: Values): void;
  errors: WidgetErrors | null;
  showErrors: boolean;
  env: WidgetEnvironment;
}

export interface WidgetModule {
  Widget: ComponentType<WidgetProps>;
  rules: WidgetRules;
}
