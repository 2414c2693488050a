/**
 * hu-workforce-table: male and female counts per category, location type and location in one table of
 * 800 px (widget spec §3, §5, §9). Foreign cells of Unskilled and Semi-Skilled are disabled with a dash;
 * each cell says what is wrong with it once touched (or once the form shows its errors); `read-only`
 * shows the counts without editing.
 */
import { useId, useState } from 'react';
import { DebouncedInput } from '../../client/controls';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { CellTable } from '../cell-table';
import { widgetTexts } from '../texts';
import {
  cellError,
  cellVariable,
  isDisabledCell,
  isReadOnly,
  WORKFORCE_CATEGORIES,
  WORKFORCE_GENDERS,
  WORKFORCE_LOCATION_TYPES,
  WORKFORCE_TABLE_HEIGHT_PX,
  workforceLocations,
  workforceTableRules,
} from './workforce-table.rules';

const t = widgetTexts.workforce;
const GENDER_LABEL = { Male: t.male, Female: t.female } as const;
const TYPE_LABEL = { Foreign: t.foreign, Local: t.local } as const;
const DASH = '-';
// The questionnaire's stylesheet knows nothing of this widget (a lazy chunk): its few layout rules ride on the nodes.
const CELL_STYLE = { padding: '2px', verticalAlign: 'top' } as const;
const INPUT_STYLE = { width: '5em', minWidth: '5em', padding: '4px' } as const;
const REGION_STYLE = { height: `${WORKFORCE_TABLE_HEIGHT_PX}px`, overflow: 'auto' } as const;
const CELL_ERROR_STYLE = { display: 'block', fontSize: '0.8em', color: 'var(--hearth-color-error)', maxWidth: '6em' } as const;

function WorkforceTableWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const id = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const locations = workforceLocations(spec);
  const readOnly = isReadOnly(spec);
  const touch = (variable: string) => setTouched((seen) => (seen.has(variable) ? seen : new Set([...seen, variable])));
  return (
    <CellTable
      spec={spec}
      errors={errors}
      showErrors={showErrors}
      required={!readOnly}
      preview={workforceTableRules.display(spec, values)}
      className="widget-workforce"
      style={REGION_STYLE}
      readOnly={readOnly}
      head={
        <>
          <tr>
            <th scope="col" rowSpan={2}>
              {t.category}
            </th>
            <th scope="col" rowSpan={2}>
              {t.gender}
            </th>
            {WORKFORCE_LOCATION_TYPES.map((type) => (
              <th key={type} scope="colgroup" colSpan={locations.length}>
                {TYPE_LABEL[type]}
              </th>
            ))}
          </tr>
          <tr>
            {WORKFORCE_LOCATION_TYPES.flatMap((type) =>
              locations.map((location) => (
                <th key={`${type}-${location}`} scope="col">
                  {location}
                </th>
              )),
            )}
          </tr>
        </>
      }
    >
      {WORKFORCE_CATEGORIES.flatMap((category) =>
        WORKFORCE_GENDERS.map((gender, g) => (
          <tr key={`${category}-${gender}`} data-category={category} data-gender={gender}>
            {g === 0 && (
              <th scope="rowgroup" rowSpan={WORKFORCE_GENDERS.length}>
                {category}
              </th>
            )}
            <th scope="row">{GENDER_LABEL[gender]}</th>
            {WORKFORCE_LOCATION_TYPES.flatMap((type) =>
              locations.map((location) => {
                const label = t.cell(category, GENDER_LABEL[gender], TYPE_LABEL[type], location);
                if (isDisabledCell(category, type)) {
                  return (
                    <td key={`${type}-${location}`} data-state="disabled" style={CELL_STYLE}>
                      <input className="widget-control" style={INPUT_STYLE} aria-label={`${label}: ${t.disabled}`} value={DASH} disabled readOnly size={3} />
                    </td>
                  );
                }
                const variable = cellVariable(spec, category, type, location, gender);
                const value = values[variable] ?? '';
                const error = !readOnly && (showErrors || touched.has(variable)) ? cellError(value) : null;
                const errorId = `${id}-${variable}`;
                return (
                  <td key={`${type}-${location}`} data-state={error ? 'invalid' : 'valid'} data-variable={variable} style={CELL_STYLE}>
                    <DebouncedInput
                      aria-label={label}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      inputMode="numeric"
                      style={INPUT_STYLE}
                      readOnly={readOnly}
                      value={value}
                      onBlur={() => touch(variable)}
                      onCommit={(typed) => {
                        touch(variable);
                        onChange({ [variable]: typed });
                      }}
                    />
                    {error && (
                      <span className="widget-cell-error" id={errorId} style={CELL_ERROR_STYLE}>
                        {t[error]}
                      </span>
                    )}
                  </td>
                );
              }),
            )}
          </tr>
        )),
      )}
    </CellTable>
  );
}

export default { Widget: WorkforceTableWidget, rules: workforceTableRules } satisfies WidgetModule;
