/**
 * Every widget's rules by tag: the server validates each Next with these, the client widgets import
 * their own file directly (so the element chunk does not carry all of them).
 */
import { addressRules } from './address/address.rules';
import { alienNumberRules } from './alien-number/alien-number.rules';
import { assessmentResultRules } from './assessment-result/assessment-result.rules';
import { floorGridRules } from './floor-grid/floor-grid.rules';
import { mapAddressRules } from './map-address/map-address.rules';
import { mapPinRules } from './map-pin/map-pin.rules';
import { landAreaRules } from './land-area/land-area.rules';
import { officeLocationRules } from './office-location/office-location.rules';
import { workforceTableRules } from './workforce-table/workforce-table.rules';
import { booleanRules } from './boolean/boolean.rules';
import { currencyRules } from './currency/currency.rules';
import { dateRules } from './date/date.rules';
import { doubleTextRules } from './double-text/double-text.rules';
import { entriesGridRules } from './entries-grid/entries-grid.rules';
import { fullNameRules } from './full-name/full-name.rules';
import { genderRules } from './gender/gender.rules';
import { heightRules } from './height/height.rules';
import { integerRules } from './integer/integer.rules';
import { multiCountryRules } from './multi-country/multi-country.rules';
import { overviewRules } from './overview/overview.rules';
import { uploadDocumentRules } from './upload-document/upload-document.rules';
import { generatedDocumentRules } from './generated-document/generated-document.rules';
import { phoneRules } from './phone/phone.rules.static';
import { radioCheckboxRules } from './radio-checkbox/radio-checkbox.rules';
import { selectRules } from './select/select.rules';
import { ssnRules } from './ssn/ssn.rules';
import { staticRules } from './static/static.rules';
import type { WidgetFolder, WidgetTag } from './tags';
import { WIDGET_TAGS } from './tags';
import { textRules } from './text/text.rules';
import type { WidgetRules } from './widget';

const RULES_BY_FOLDER: Record<WidgetFolder, WidgetRules> = {
  text: textRules,
  ssn: ssnRules,
  date: dateRules,
  gender: genderRules,
  boolean: booleanRules,
  address: addressRules,
  currency: currencyRules,
  integer: integerRules,
  'radio-checkbox': radioCheckboxRules,
  select: selectRules,
  'full-name': fullNameRules,
  'double-text': doubleTextRules,
  height: heightRules,
  'alien-number': alienNumberRules,
  'multi-country': multiCountryRules,
  phone: phoneRules,
  static: staticRules,
  // The grid validates its entries with the rules of the widgets of its entry form.
  'entries-grid': entriesGridRules((tag) => rulesFor(tag)),
  overview: overviewRules,
  'upload-document': uploadDocumentRules,
  'generated-document': generatedDocumentRules,
  'land-area': landAreaRules,
  'workforce-table': workforceTableRules,
  'floor-grid': floorGridRules,
  'assessment-result': assessmentResultRules,
  'office-location': officeLocationRules,
  'map-address': mapAddressRules,
  'map-pin': mapPinRules,
};

export const rulesFor = (tag: WidgetTag): WidgetRules => RULES_BY_FOLDER[WIDGET_TAGS[tag]];
