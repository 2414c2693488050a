/** hu-address: the configured fields in rows of one, two or three columns (widget spec §2–§5). */
import { useId } from 'react';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { COUNTRIES } from '../../reference/countries';
import { APARTMENT_TYPES } from '../../reference/lists';
import { US_STATES } from '../../reference/us-states';
import { widgetTexts } from '../texts';
import { isRequired, type Values } from '../widget';
import { ADDRESS_ROWS, addressFields, addressRules, apartmentFlags, fieldVariable, requiredFields, resolveApartmentType, type AddressField } from './address.rules';

const LISTS: Partial<Record<AddressField, () => readonly { code: string; name: string }[]>> = {
  usstate: US_STATES,
  state: US_STATES,
  country: COUNTRIES,
  foreigncountry: COUNTRIES,
};

function AddressWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const id = useId();
  const fields = addressFields(spec);
  const required = new Set(requiredFields(spec));
  const set = (field: AddressField, value: string) => {
    const change: Values = { [fieldVariable(spec, field)]: value };
    if (field === 'apartmentType') Object.assign(change, apartmentFlags(spec, resolveApartmentType(value)));
    onChange(change);
  };
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec) || required.size > 0} preview={addressRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-address">
          {ADDRESS_ROWS.map((row) => row.filter((f) => fields.includes(f)))
            .filter((row) => row.length > 0)
            .map((row) => (
              <div key={row.join()} className="widget-row" data-columns={row.length}>
                {row.map((field) => {
                  const list = LISTS[field];
                  const listId = `${id}-${field}`;
                  return (
                    <label key={field} className="widget-part">
                      <span className="widget-part-label">
                        {widgetTexts.address[field]}
                        {required.has(field) && <span aria-hidden="true"> *</span>}
                      </span>
                      {field === 'apartmentType' ? (
                        <select className="widget-control" aria-describedby={ids.describedBy} value={values[fieldVariable(spec, field)] ?? ''} onChange={(e) => set(field, e.currentTarget.value)}>
                          <option value="" />
                          {APARTMENT_TYPES.map((t) => (
                            <option key={t} value={t}>
                              {t}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <DebouncedInput
                          aria-describedby={ids.describedBy}
                          list={list ? listId : undefined}
                          value={values[fieldVariable(spec, field)] ?? ''}
                          onCommit={(value) => set(field, value)}
                        />
                      )}
                      {list && (
                        <datalist id={listId}>
                          {list().map((entry) => (
                            <option key={entry.code} value={entry.code}>
                              {entry.name}
                            </option>
                          ))}
                        </datalist>
                      )}
                    </label>
                  );
                })}
              </div>
            ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: AddressWidget, rules: addressRules } satisfies WidgetModule;
