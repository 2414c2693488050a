/** Gender (widget spec §3): Female sets the first variable Yes and the second Off; Male the opposite. */
import { pairRules } from '../boolean/pair';
import { widgetTexts } from '../texts';

export const genderRules = pairRules([widgetTexts.female, widgetTexts.male]);
