// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutButtons } from './ShortcutButtons';

afterEach(cleanup);

describe('ShortcutButtons', () => {
  it('draws only the allowed buttons, each naming and showing its key, and runs one on click', async () => {
    const release = vi.fn();
    render(
      <ShortcutButtons
        buttons={[
          { key: 'r', label: 'Release', show: true, run: release, variant: 'primary' },
          { key: 'b', label: 'Block', show: false, run: vi.fn(), variant: 'danger' },
          { key: 'q', label: 'Asking the bank…', show: true, run: vi.fn(), variant: 'primary', disabled: true },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Actions' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('data-action'), button.getAttribute('aria-keyshortcuts')])).toEqual([
      ['Releaser', 'r', 'r'],
      ['Asking the bank…q', 'q', 'q'],
    ]);
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    expect(group.hasAttribute('data-focus-home')).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: /Release/ }));
    expect(release).toHaveBeenCalledOnce();
  });

  it('leaves no empty group when nothing is allowed', () => {
    const { container } = render(<ShortcutButtons buttons={[{ key: 'c', label: 'Cancel', show: false, run: vi.fn(), variant: 'danger' }]} />);
    expect(container.innerHTML).toBe('');
  });

  it('is where focus lands when asked to be (a review queue opening the record)', () => {
    render(<ShortcutButtons focusHome buttons={[{ key: 'r', label: 'Release', show: true, run: vi.fn(), variant: 'primary' }]} />);
    const group = screen.getByRole('group', { name: 'Actions' });
    expect(group.hasAttribute('data-focus-home')).toBe(true);
    expect(group.tabIndex).toBe(-1);
  });
});
