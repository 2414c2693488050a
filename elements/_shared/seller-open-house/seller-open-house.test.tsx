// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openHouseTexts } from '../../../core/i18n/tours';
import { testRoot } from '../../../core/testing/react-root';
import { instantAt } from '../../../core/tours/tour-times';
import { SellerOpenHouseDialog, initialSelection, type SellerOpenHouseDialogProps } from './seller-open-house';


const ZONE = 'America/Denver';
/** Wed Jan 14 2026, 10:05 am MST (17:05 UTC). */
const MORNING = new Date('2026-01-14T17:05:00Z');
/** Wed Jan 14 2026, 11:30 pm MST — already Thu Jan 15 in UTC. */
const LATE_EVENING = new Date('2026-01-15T06:30:00Z');

const t = openHouseTexts.dialog;
const at = (day: string, hour: number, minute = 0) => instantAt(day, hour * 60 + minute, ZONE).toISOString();

const dom = testRoot();

const baseProps: SellerOpenHouseDialogProps = {
  editing: null,
  timeZone: ZONE,
  now: MORNING,
  address: '1387 S 1100 E, Salt Lake City, UT 84105',
  listingUrl: 'https://hearth.test/listing/1387-s-1100-e/HRT1002',
  busy: false,
  error: null,
  onConfirm: () => {},
  onClose: () => {},
};

function render(props: Partial<SellerOpenHouseDialogProps> = {}) {
  dom.render(<SellerOpenHouseDialog {...baseProps} {...props} />);
  return dom.container.querySelector('dialog')!;
}

const select = (name: string) => dom.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
const options = (name: string) => [...select(name).options].slice(1); // without the placeholder
const enabledLabels = (name: string) => options(name).filter((o) => !o.disabled).map((o) => o.textContent);
const confirmButton = () => dom.container.querySelector<HTMLButtonElement>('[part="confirm-selection"]')!;

function choose(name: string, value: string) {
  const element = select(name);
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}



describe('SellerOpenHouseDialog (spec §2 Seller open house, §5 Open house)', () => {
  it('opens modally as New Open House with the address, the View Listing link and Confirm Selection disabled', () => {
    const dialog = render();
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('h2')!.textContent).toBe('New Open House');
    expect(dialog.querySelector('.dialog-sub-title')!.textContent).toBe('1387 S 1100 E, Salt Lake City, UT 84105');
    const view = dialog.querySelector<HTMLAnchorElement>('[part="view-listing"]')!;
    expect(view.textContent).toBe('View Listing');
    expect(view.href).toBe('https://hearth.test/listing/1387-s-1100-e/HRT1002');
    expect(confirmButton().textContent).toBe('Confirm Selection');
    expect(confirmButton().disabled).toBe(true);
    expect(select('start').disabled).toBe(true);
    expect(select('end').disabled).toBe(true);
    expect(select('start').options[0]!.textContent).toBe(t.chooseDayFirst);
    expect(dialog.textContent).toContain('Times in America/Denver');
  });

  it('offers 18 days starting today at the listing', () => {
    render();
    const days = options('day');
    expect(days).toHaveLength(18);
    expect(days[0]!.value).toBe('2026-01-14');
    expect(days[0]!.textContent).toBe('Wed, Jan 14');
    expect(days[17]!.value).toBe('2026-01-31');
    expect(days.every((d) => !d.disabled)).toBe(true);
  });

  it('offers times in 30-minute steps from 9:30 am to 9 pm, with the past ones of today disabled', () => {
    render();
    choose('day', '2026-01-14');
    const starts = options('start');
    expect(starts.map((o) => o.textContent)).toEqual([
      '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM', '1:00 PM', '1:30 PM', '2:00 PM',
      '2:30 PM', '3:00 PM', '3:30 PM', '4:00 PM', '4:30 PM', '5:00 PM', '5:30 PM', '6:00 PM', '6:30 PM', '7:00 PM',
      '7:30 PM', '8:00 PM', '8:30 PM', '9:00 PM',
    ]);
    expect(starts[0]!.value).toBe(at('2026-01-14', 9, 30));
    expect(starts[0]!.value).toBe('2026-01-14T16:30:00.000Z'); // 9:30 am MST
    expect(enabledLabels('start')[0]).toBe('10:30 AM'); // 9:30 and 10:00 are past at 10:05
    choose('day', '2026-01-15');
    expect(options('start').every((o) => !o.disabled)).toBe(true);
  });

  it('enables Confirm Selection only with a date, a start and an end, and confirms those instants', () => {
    const onConfirm = vi.fn();
    render({ onConfirm });
    choose('day', '2026-01-16');
    expect(confirmButton().disabled).toBe(true);
    choose('start', at('2026-01-16', 10));
    expect(confirmButton().disabled).toBe(true);
    expect(enabledLabels('end')[0]).toBe('10:30 AM'); // only times after the start
    choose('end', at('2026-01-16', 12));
    expect(confirmButton().disabled).toBe(false);
    act(() => confirmButton().click());
    expect(onConfirm).toHaveBeenCalledWith({ start: at('2026-01-16', 10), end: at('2026-01-16', 12) });
  });

  it('clears the end when a start at or after it is picked, and clears both on a new day', () => {
    render();
    choose('day', '2026-01-16');
    choose('end', at('2026-01-16', 11)); // an end first: every time is offered
    choose('start', at('2026-01-16', 10));
    expect(select('end').value).toBe(at('2026-01-16', 11)); // before the end: kept
    choose('start', at('2026-01-16', 11)); // at the end
    expect(select('end').value).toBe('');
    choose('end', at('2026-01-16', 12));
    choose('start', at('2026-01-16', 13)); // after the end
    expect(select('end').value).toBe('');
    expect(select('start').value).toBe(at('2026-01-16', 13));
    choose('end', at('2026-01-16', 14));
    choose('day', '2026-01-20');
    expect(select('start').value).toBe('');
    expect(select('end').value).toBe('');
    expect(confirmButton().disabled).toBe(true);
  });

  it('across the MST day boundary: at 11:30 pm the listing is still on Jan 14 (Jan 15 in UTC), with no time left that day', () => {
    render({ now: LATE_EVENING });
    const days = options('day');
    expect(days[0]!.value).toBe('2026-01-14');
    expect(days[0]!.disabled).toBe(true); // every time of the day is past
    expect(days[1]!.value).toBe('2026-01-15');
    expect(days[1]!.disabled).toBe(false);
    expect(days[17]!.value).toBe('2026-01-31');
    choose('day', '2026-01-15');
    // 9:30 am on Jan 15 at the house is 16:30 UTC, not 9:30 UTC.
    expect(options('start')[0]!.value).toBe('2026-01-15T16:30:00.000Z');
    expect(options('start').every((o) => !o.disabled)).toBe(true);
  });

  it('edits: starts from the open house’s own day and times in the listing zone, titled Edit Open House', () => {
    const editing = { start: '2026-01-17T03:30:00.000Z', end: '2026-01-17T04:00:00.000Z' }; // 8:30–9 pm MST on Jan 16 = Jan 17 in UTC
    expect(initialSelection(editing, ZONE).day).toBe('2026-01-16');
    const onConfirm = vi.fn();
    const dialog = render({ editing: { start: at('2026-01-16', 14), end: at('2026-01-16', 16) }, onConfirm });
    expect(dialog.querySelector('h2')!.textContent).toBe('Edit Open House');
    expect(select('day').value).toBe('2026-01-16');
    expect(select('start').value).toBe(at('2026-01-16', 14));
    expect(select('end').value).toBe(at('2026-01-16', 16));
    expect(confirmButton().disabled).toBe(false);
    choose('end', at('2026-01-16', 17));
    act(() => confirmButton().click());
    expect(onConfirm).toHaveBeenCalledWith({ start: at('2026-01-16', 14), end: at('2026-01-16', 17) });
  });

  it('while busy: the pickers are locked, Confirm Selection is busy, Escape and × do nothing; an error is announced', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    const dialog = render({ busy: true, error: 'Open house times must be …', onClose, onConfirm, editing: { start: at('2026-01-16', 14), end: at('2026-01-16', 16) } });
    expect(select('day').disabled).toBe(true);
    expect(confirmButton().getAttribute('aria-busy')).toBe('true');
    act(() => confirmButton().click());
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => dialog.querySelector<HTMLButtonElement>('.dialog-close')!.click());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.querySelector('[role="alert"]')!.textContent).toBe('Open house times must be …');
  });

  it('closes with × when idle', () => {
    const onClose = vi.fn();
    const dialog = render({ onClose });
    act(() => dialog.querySelector<HTMLButtonElement>('.dialog-close')!.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
