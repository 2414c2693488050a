// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { requestTourTexts as t } from '../../../core/i18n/tours';
import { testRoot } from '../../../core/testing/react-root';
import { slotText } from '../../../core/tours/tour-format';
import { buyerTourGrid, tourDay } from '../../../core/tours/tour-times';
import { TourTimePicker, type TourTimePickerProps } from './tour-time-picker';

const ZONE = 'America/Denver';
/** Noon in Salt Lake City (MST) on Wed, Jan 15, 2025. */
const NOW = new Date('2025-01-15T19:00:00Z');

const dom = testRoot();

function render(extra: Partial<TourTimePickerProps> = {}) {
  const props: TourTimePickerProps = {
    grid: buyerTourGrid(NOW, ZONE),
    dropdownTourDay: null,
    selected: [],
    describeSlot: (iso) => slotText(iso, ZONE),
    onToggle: vi.fn(),
    onRemove: vi.fn(),
    onChooseDay: vi.fn(),
    ...extra,
  };
  dom.render(<TourTimePicker {...props} />);
  return props;
}

describe('the tour-time picker (spec §5)', () => {
  it('three days of 9 am to 9 pm, past slots disabled, days 4–15 in the dropdown', () => {
    render();
    expect([...dom.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Wed, Jan 15', 'Thu, Jan 16', 'Fri, Jan 17']);
    const slots = [...dom.container.querySelectorAll<HTMLButtonElement>('[part="slot"]')];
    expect(slots).toHaveLength(3 * 13);
    expect(slots.filter((s) => s.disabled).map((s) => s.textContent)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM']);
    const options = [...dom.container.querySelectorAll('[part="another-day"] option')].map((o) => o.textContent);
    expect(options).toHaveLength(1 + 12);
    expect(options[0]).toBe(t.anotherDayPlaceholder);
    expect(dom.container.querySelector('[part="chosen-times"]')!.textContent).toContain(t.noTimesChosen);
  });

  it('a chosen day from the dropdown is a fourth column; choosing, pressing and removing call back', () => {
    const day = tourDay('2025-01-21', NOW, ZONE);
    const chosen = day.slots[1]!.dateTime;
    const props = render({ dropdownTourDay: day, selected: [chosen] });
    expect(dom.container.querySelectorAll('th')).toHaveLength(4);
    const slot = dom.container.querySelector<HTMLButtonElement>(`[data-date-time="${chosen}"]`)!;
    expect(slot.getAttribute('aria-pressed')).toBe('true');
    expect(slot.getAttribute('aria-label')).toBe(t.slotLabel('Tue, Jan 21', '10:00 AM'));
    act(() => slot.click());
    expect(props.onToggle).toHaveBeenCalledWith(chosen);
    const remove = dom.container.querySelector<HTMLButtonElement>('.chosen-remove')!;
    expect(remove.getAttribute('aria-label')).toBe(t.removeTime('Tue, Jan 21 at 10:00 AM'));
    act(() => remove.click());
    expect(props.onRemove).toHaveBeenCalledWith(chosen);
    const select = dom.container.querySelector<HTMLSelectElement>('[part="another-day"]')!;
    act(() => {
      select.value = '2025-01-22';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(props.onChooseDay).toHaveBeenCalledWith('2025-01-22');
  });
});
