/**
 * Each widget is its own lazily imported chunk (DESIGN §5: the questionnaire chunk stays small), loaded
 * once per page when a screen first needs it.
 */
import { loadPhoneRules } from '../../core/format/phone-load';
import type { WidgetFolder } from '../widgets/tags';
import type { WidgetModule } from './widget-module';

const LOADERS: Record<WidgetFolder, () => Promise<{ default: WidgetModule }>> = {
  text: () => import('../widgets/text/text.widget'),
  ssn: () => import('../widgets/ssn/ssn.widget'),
  date: () => import('../widgets/date/date.widget'),
  gender: () => import('../widgets/gender/gender.widget'),
  boolean: () => import('../widgets/boolean/boolean.widget'),
  address: () => import('../widgets/address/address.widget'),
  currency: () => import('../widgets/currency/currency.widget'),
  integer: () => import('../widgets/integer/integer.widget'),
  'radio-checkbox': () => import('../widgets/radio-checkbox/radio-checkbox.widget'),
  select: () => import('../widgets/select/select.widget'),
  'full-name': () => import('../widgets/full-name/full-name.widget'),
  'double-text': () => import('../widgets/double-text/double-text.widget'),
  height: () => import('../widgets/height/height.widget'),
  'alien-number': () => import('../widgets/alien-number/alien-number.widget'),
  'multi-country': () => import('../widgets/multi-country/multi-country.widget'),
  // The phone widget and the phone rules with their metadata (shared with every phone field) are fetched side by side.
  phone: () =>
    Promise.all([import('../widgets/phone/phone.widget'), loadPhoneRules()]).then(([widget, rules]) => ({
      default: widget.phoneWidget(rules),
    })),
  static: () => import('../widgets/static/static.widget'),
  // The grid renders its entry form with the widgets already loaded for the screen (nested tags load with it).
  'entries-grid': () => import('../widgets/entries-grid/entries-grid.widget').then((m) => ({ default: m.entriesGridWidget(loadedWidget) })),
  overview: () => import('../widgets/overview/overview.widget'),
  'upload-document': () => import('../widgets/upload-document/upload-document.widget'),
  'generated-document': () => import('../widgets/generated-document/generated-document.widget'),
  'land-area': () => import('../widgets/land-area/land-area.widget'),
  'workforce-table': () => import('../widgets/workforce-table/workforce-table.widget'),
  'floor-grid': () => import('../widgets/floor-grid/floor-grid.widget'),
  'assessment-result': () => import('../widgets/assessment-result/assessment-result.widget'),
  'office-location': () => import('../widgets/office-location/office-location.widget'),
  'map-address': () => import('../widgets/map-address/map-address.widget'),
  'map-pin': () => import('../widgets/map-pin/map-pin.widget'),
};

const loaded = new Map<WidgetFolder, WidgetModule>();
const pending = new Map<WidgetFolder, Promise<WidgetModule>>();

export const loadedWidget = (folder: WidgetFolder): WidgetModule | undefined => loaded.get(folder);

export function loadWidget(folder: WidgetFolder): Promise<WidgetModule> {
  const ready = loaded.get(folder);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(folder);
  if (!promise) {
    promise = LOADERS[folder]().then((module) => {
      loaded.set(folder, module.default);
      pending.delete(folder);
      return module.default;
    });
    promise.catch(() => pending.delete(folder));
    pending.set(folder, promise);
  }
  return promise;
}
