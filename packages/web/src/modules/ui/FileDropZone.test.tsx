// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './FileDropZone';

afterEach(cleanup);

describe('FileDropZone', () => {
  it('opens the file picker with Enter, but leaves Ctrl+Enter to the form around it', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    render(
      <form
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.ctrlKey) sent();
        }}
      >
        <FileDropZone label="Sheet" accept=".csv" onFiles={() => undefined}>
          Drop it here
        </FileDropZone>
      </form>,
    );
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const clicked = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    screen.getByRole('button', { name: 'Sheet' }).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(clicked).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
