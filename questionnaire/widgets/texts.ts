/**
 * Every text the widgets show (widget spec: quoted texts exact). Messages the spec names only by key
 * ("wording not shown") are ours, worded for people.
 */
export const widgetTexts = {
  selectOne: 'Select One',
  country: 'Country',
  clear: 'Clear',
  remove: (name: string) => `Remove ${name}`,
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  feet: 'Feet',
  inches: 'Inches',
  month: 'Month',
  day: 'Day',
  year: 'Year',
  notApplicable: 'N/A',
  yes: 'Yes',
  no: 'No',
  female: 'Female',
  male: 'Male',
  show: 'Show',
  hide: 'Hide',
  increase: 'Increase',
  decrease: 'Decrease',
  help: 'Help',
  invalidNumber: 'Invalid number',
  address: {
    street: 'Street',
    apartment: 'Apartment',
    apartmentType: 'Apartment type',
    apt: 'Apt #',
    city: 'City',
    county: 'County',
    state: 'State',
    usstate: 'State',
    postal: 'Zip code',
    country: 'Country',
    foreigncountry: 'Foreign country',
    foreignpostal: 'Foreign postal code',
    province: 'Province',
  },
  /** Error key → message. */
  errors: {
    required: 'This field is required.',
    invalid: 'Enter a valid value.',
    invalidDate: 'Enter a real date.',
    na_error: 'Choose N/A or enter a date, not both.',
    pattern: 'Use only letters, digits and common punctuation.',
    listedValue: 'Choose a value from the list.',
    selectOneWidget: 'Choose one of the options.',
    selectWidget: 'Choose one of the options.',
    radioCheckbox: 'Choose at least one option.',
    tooLong: 'This answer is too long.',
    /** Phone (widget spec §5, §8). */
    invalidNumber: 'Invalid number',
  },
} as const;

export type WidgetErrorKey = keyof typeof widgetTexts.errors;
