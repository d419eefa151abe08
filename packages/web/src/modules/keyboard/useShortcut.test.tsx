// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { useShortcut } from './useShortcut';

afterEach(cleanup);

function Page({ fired }: { fired: string[] }) {
  useShortcut('g p', 'Go to Permissions', () => fired.push('g p'), { group: 'Go to' });
  useShortcut('p', 'Password link', () => fired.push('p'));
  return null;
}

describe('useShortcut', () => {
  it('leaves the second key of a sequence to the sequence: `g p` does not also press the page’s `p`', async () => {
    const fired: string[] = [];
    const user = userEvent.setup();
    render(
      <Provider store={createStore()}>
        <Page fired={fired} />
      </Provider>,
    );
    await user.keyboard('gp');
    expect(fired).toEqual(['g p']);
    await user.keyboard('xp');
    expect(fired).toEqual(['g p', 'p']);
  });
});
