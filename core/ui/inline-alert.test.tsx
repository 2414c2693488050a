// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { testRoot } from '../testing/react-root';
import { InlineAlert } from './inline-alert';

const dom = testRoot();

describe('InlineAlert', () => {
  it('says the message as an alert paragraph with the class and part it is given', () => {
    const view = dom.render(<InlineAlert className="error" part="error" message="The address was not found." />);
    const alert = view.querySelector('p')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toBe('error');
    expect(alert.getAttribute('part')).toBe('error');
    expect(alert.textContent).toBe('The address was not found.');
  });

  it('renders nothing while there is no message', () => {
    for (const message of [null, undefined, '']) {
      const view = dom.render(<InlineAlert className="error" part="error" message={message} />);
      expect(view.querySelector('p')).toBeNull();
      expect(view.textContent).toBe('');
    }
  });
});
