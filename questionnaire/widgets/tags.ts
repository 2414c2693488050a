/**
 * The widget tags of questionnaire markup (widget spec §2), one folder each under `widgets/<name>/`.
 * Names only: the client engine's allowlist needs them without loading a widget, the server its rules.
 */
export const WIDGET_TAGS = {
  'hu-text': 'text',
  'hu-ssn': 'ssn',
  'hu-date': 'date',
  'hu-gender': 'gender',
  'hu-boolean': 'boolean',
  'hu-address': 'address',
  'hu-currency': 'currency',
  'hu-integer': 'integer',
  'hu-non-negative-integer': 'integer',
  'hu-percentage': 'integer',
  'hu-decimal': 'integer',
  'hu-radio-checkbox': 'radio-checkbox',
  'hu-select-one': 'select',
  'hu-searchable-select': 'select',
  'hu-full-name': 'full-name',
  'hu-double-text': 'double-text',
  'hu-height': 'height',
  'hu-alien-number': 'alien-number',
  'hu-phone': 'phone',
  'hu-multi-country': 'multi-country',
  'hu-tip-box': 'static',
  'hu-acknowledge': 'static',
  'hu-next-questionnaire': 'static',
  'hu-summary-list': 'static',
  'hu-land-area': 'land-area',
  'hu-workforce-table': 'workforce-table',
  'hu-floor-grid': 'floor-grid',
  'hu-assessment-result': 'assessment-result',
  'hu-office-location': 'office-location',
  'hu-entries-grid': 'entries-grid',
  'hu-overview': 'overview',
  'hu-upload-document': 'upload-document',
  'hu-generated-document': 'generated-document',
  'hu-map-search-address': 'map-address',
  'hu-map-search-address-2': 'map-address',
  'hu-map-pin': 'map-pin',
} as const;

export type WidgetTag = keyof typeof WIDGET_TAGS;
export type WidgetFolder = (typeof WIDGET_TAGS)[WidgetTag];

export const isWidgetTag = (tag: string): tag is WidgetTag => Object.hasOwn(WIDGET_TAGS, tag);

/** Child element naming one option of a radio/checkbox group or a select. */
export const OPTION_TAG = 'hu-option';
