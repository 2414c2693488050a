/** hu-gender: Female or Male writing two variables (widget spec §2, §3). */
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { PairWidget } from '../boolean/pair-widget';
import { widgetTexts } from '../texts';
import { genderRules } from './gender.rules';

const GenderWidget = (props: WidgetProps) => <PairWidget {...props} labels={[widgetTexts.female, widgetTexts.male]} rules={genderRules} />;

export default { Widget: GenderWidget, rules: genderRules } satisfies WidgetModule;
