/** Boolean (widget spec §3): Yes sets Yes/Off; No sets Off/Yes. */
import { widgetTexts } from '../texts';
import { pairRules } from './pair';

export const booleanRules = pairRules([widgetTexts.yes, widgetTexts.no]);
