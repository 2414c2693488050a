/** hu-boolean: Yes or No writing two variables (widget spec §2, §3). */
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { booleanRules } from './boolean.rules';
import { PairWidget } from './pair-widget';

const BooleanWidget = (props: WidgetProps) => <PairWidget {...props} labels={[widgetTexts.yes, widgetTexts.no]} rules={booleanRules} />;

export default { Widget: BooleanWidget, rules: booleanRules } satisfies WidgetModule;
