/** hu-address: the configured fields in rows of one, two or three columns (widget spec §2–§5). */
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { COUNTRIES } from '../../reference/countries';
import { APARTMENT_TYPES } from '../../reference/lists';
import { US_STATES } from '../../reference/us-states';
import { AddressPart } from '../address-parts';
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
                {row.map((field) => (
                  <AddressPart
                    key={field}
                    label={widgetTexts.address[field]}
                    required={required.has(field)}
                    describedBy={ids.describedBy}
                    options={field === 'apartmentType' ? APARTMENT_TYPES : undefined}
                    suggestions={LISTS[field]?.()}
                    value={values[fieldVariable(spec, field)] ?? ''}
                    onChange={(value) => set(field, value)}
                  />
                ))}
              </div>
            ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: AddressWidget, rules: addressRules } satisfies WidgetModule;
