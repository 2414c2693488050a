// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { uiTexts } from '../i18n/ui';
import { testRoot } from '../testing/react-root';
import { ConfirmDialog } from './confirm-dialog';


const dom = testRoot();



describe('ConfirmDialog (spec §2)', () => {
  it('shows the title, sub-title, numbered steps, Cancel and the custom confirm text, opened modally', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() =>
      dom.root.render(
        <ConfirmDialog
          title="Make an offer?"
          subTitle="What happens next"
          steps={[
            { icon: '1', title: 'Fill in the offer', content: 'Amount and terms' },
            { title: 'Your agent reviews it' },
          ]}
          confirmText="Start my offer"
          onConfirm={onConfirm}
          onCancel={onCancel}
        />,
      ),
    );
    const dialog = dom.container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe(dialog.querySelector('h2')!.id);
    expect(dialog.querySelector('h2')!.textContent).toBe('Make an offer?');
    expect(dialog.querySelector('.dialog-sub-title')!.textContent).toBe('What happens next');
    const steps = [...dialog.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(steps).toEqual(['1Fill in the offerAmount and terms', 'Your agent reviews it']);
    const [cancel, confirm] = [...dialog.querySelectorAll('.dialog-actions button')] as HTMLButtonElement[];
    expect(cancel!.textContent).toBe(uiTexts.cancel);
    expect(confirm!.textContent).toBe('Start my offer');
    act(() => confirm!.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => cancel!.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    act(() => (dialog.querySelector('.dialog-close') as HTMLButtonElement).click());
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('ignores confirm clicks and cannot be dismissed while busy', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    dom.render(<ConfirmDialog title="Cancel open house?" busy onConfirm={onConfirm} onCancel={onCancel} />);
    const [cancel, confirm] = [...dom.container.querySelectorAll('.dialog-actions button')] as HTMLButtonElement[];
    expect(confirm!.textContent).toBe(uiTexts.confirm);
    expect(confirm!.getAttribute('aria-busy')).toBe('true');
    expect(cancel!.disabled).toBe(true);
    act(() => confirm!.click());
    act(() => (dom.container.querySelector('.dialog-close') as HTMLButtonElement).click());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('Dialog focus', () => {
  it('returns focus to the element that had it when the dialog opened, also inside a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const trigger = document.createElement('button');
    shadow.append(trigger);
    trigger.focus();
    dom.render(<ConfirmDialog title="Cancel open house?" onConfirm={() => {}} onCancel={() => {}} />);
    (dom.container.querySelector('.dialog-actions button') as HTMLButtonElement).focus();
    dom.render(<></>);
    expect(shadow.activeElement).toBe(trigger);
    host.remove();
  });
});
