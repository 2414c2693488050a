/**
 * The seller open house dialog (spec §2 "Seller open house", §4 Open house, §5 Open house rules): create
 * a new open house or edit one. A date among the 18 selectable days, then a start and an end time in
 * 30-minute steps from 9:30 am on that day, all in the listing's time zone. The rules are the pure
 * functions of core/tours/tour-times (a new day clears start and end; a start at or after the end clears
 * the end; Confirm Selection needs day, start and end); this view only draws them and keeps the picks.
 * Styles: seller-open-house.css, adopted by the element that shows the dialog.
 */
import { useId, useState } from 'react';
import { listingDetailTexts } from '../../../core/i18n/listing-detail';
import { openHouseTexts } from '../../../core/i18n/tours';
import { Button } from '../../../core/ui/button';
import { Dialog } from '../../../core/ui/dialog';
import { Form } from '../../../core/ui/form';
import {
  canConfirmOpenHouse,
  dayKeyOf,
  emptyOpenHouseSelection,
  openHouseDays,
  openHouseEndTimes,
  openHouseTimes,
  selectOpenHouseDay,
  selectOpenHouseEnd,
  selectOpenHouseStart,
  type OpenHouseSelection,
  type OpenHouseTime,
} from '../../../core/tours/tour-times';

const t = openHouseTexts.dialog;

export interface OpenHouseTimes {
  start: string;
  end: string;
}

export interface SellerOpenHouseDialogProps {
  /** The open house being edited (its current times), or null for a new one. */
  editing: OpenHouseTimes | null;
  /** The listing's IANA time zone: days and times are the house's local ones. */
  timeZone: string;
  now: Date;
  /** The listing's address, under the title. */
  address: string;
  /** The hosted site's listing page (View Listing); null hides the link. */
  listingUrl: string | null;
  /** While the save runs: Confirm Selection shows busy, the pickers are locked. */
  busy: boolean;
  /** Why the last save failed (the server's words), shown in the dialog. */
  error: string | null;
  onConfirm: (times: OpenHouseTimes) => void;
  onClose: () => void;
}

/** The picks an edit starts from: the open house's own day and times. */
export function initialSelection(editing: OpenHouseTimes | null, timeZone: string): OpenHouseSelection {
  if (!editing) return emptyOpenHouseSelection;
  return { day: dayKeyOf(new Date(editing.start), timeZone), start: editing.start, end: editing.end };
}

interface SelectProps {
  label: string;
  value: string;
  placeholder: string;
  disabled: boolean;
  part: string;
  name: string;
  options: readonly { value: string; label: string; disabled: boolean }[];
  onChange: (value: string) => void;
}

function Select({ label, value, placeholder, disabled, part, name, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <div className="field" part="field">
      <label className="field-label" htmlFor={id} part="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-control"
        part={part}
        value={value}
        disabled={disabled}
        required
        onChange={(event) => {
          if (event.currentTarget.value) onChange(event.currentTarget.value);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The start and end pickers: the pick each one sets, its label and its prompt once a day is chosen. */
const TIME_PICKERS = [
  { name: 'start', label: t.start, choose: t.chooseStart, select: selectOpenHouseStart },
  { name: 'end', label: t.end, choose: t.chooseEnd, select: selectOpenHouseEnd },
] as const;

const timeOptions = (times: readonly OpenHouseTime[]) => times.map((x) => ({ value: x.dateTime, label: x.label, disabled: x.disabled }));

export function SellerOpenHouseDialog(props: SellerOpenHouseDialogProps) {
  const { timeZone, now, busy } = props;
  const [selection, setSelection] = useState<OpenHouseSelection>(() => initialSelection(props.editing, timeZone));

  // A day whose every time is already past (today, late) cannot be picked.
  const days = openHouseDays(now, timeZone).map((d) => ({
    value: d.day,
    label: d.label,
    disabled: openHouseTimes(d.day, now, timeZone).every((x) => x.disabled),
  }));
  const times = {
    start: selection.day ? timeOptions(openHouseTimes(selection.day, now, timeZone)) : [],
    end: selection.day ? timeOptions(openHouseEndTimes(selection.day, selection.start, now, timeZone)) : [],
  };
  const ready = canConfirmOpenHouse(selection);

  return (
    <Dialog
      title={props.editing ? t.editTitle : t.newTitle}
      subTitle={props.address ? t.subTitle(props.address) : undefined}
      onClose={busy ? () => undefined : props.onClose}
      part="open-house-dialog"
      className="open-house-dialog"
    >
      <Form
        className="open-house-form"
        part="open-house-form"
        aria-busy={busy || undefined}
        onSubmit={() => {
          if (!busy && ready) props.onConfirm({ start: selection.start!, end: selection.end! });
        }}
      >
        <Select
          label={t.day}
          name="day"
          part="day"
          value={selection.day ?? ''}
          placeholder={t.chooseDay}
          disabled={busy}
          options={days}
          onChange={(day) => setSelection((s) => selectOpenHouseDay(s, day))}
        />
        <div className="open-house-times">
          {TIME_PICKERS.map((picker) => (
            <Select
              key={picker.name}
              label={picker.label}
              name={picker.name}
              part={picker.name}
              value={selection[picker.name] ?? ''}
              placeholder={selection.day ? picker.choose : t.chooseDayFirst}
              disabled={busy || !selection.day}
              options={times[picker.name]}
              onChange={(time) => setSelection((s) => picker.select(s, time))}
            />
          ))}
        </div>
        <p className="open-house-zone">{listingDetailTexts.openHouses.timeZone(timeZone)}</p>
        {ready ? null : <p className="open-house-hint">{t.needsAll}</p>}
        {props.error ? (
          <p className="open-house-error" part="open-house-error" role="alert">
            {props.error}
          </p>
        ) : null}
        <div className="dialog-actions open-house-actions">
          {props.listingUrl ? (
            <a className="open-house-view-listing" part="view-listing" href={props.listingUrl}>
              {openHouseTexts.viewListing}
            </a>
          ) : null}
          <Button type="submit" part="confirm-selection" disabled={!ready} busy={busy}>
            {t.confirm}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
