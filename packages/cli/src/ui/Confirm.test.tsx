import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { inputReady, tick, waitFor } from '../test/wait-for';

/** Presses keys once Ink listens and the last key has been drawn, as a person would. */
async function press(stdin: { write(data: string): void; listenerCount(event: string): number }, keys: string) {
  await inputReady(stdin);
  await tick();
  stdin.write(keys);
}
import { Confirm } from './Confirm';

describe('Confirm', () => {
  it.each([
    ['y', 'yes'],
    ['Y', 'yes'],
    ['n', 'no'],
    ['\r', 'no'],
    ['\u001B', 'no'],
    ['\u0003', 'interrupted'],
  ])('answers %j with %s', async (key, answer) => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<Confirm question="Delete an admin?" details={['  id: 7']} onAnswer={onAnswer} />);
    expect(lastFrame()).toContain('id: 7');
    expect(lastFrame()).toContain('Delete an admin? (y/N)');
    await press(stdin, key);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(answer));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(lastFrame()).toContain(
      { yes: 'Delete an admin? (y/N) yes', no: 'Delete an admin? (y/N) no\nNothing was done.', interrupted: 'Interrupted. Nothing was done.' }[answer],
    );
  });

  it('asks money commands to type the action in full', async () => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<Confirm question="Reverse a transaction?" typed="reverse" onAnswer={onAnswer} />);
    expect(lastFrame()).toContain('Type "reverse" to go ahead:');
    await press(stdin, 'y');
    await waitFor(() => expect(lastFrame()).toContain('to go ahead: y'));
    expect(onAnswer).not.toHaveBeenCalled();
    await press(stdin, '\u007F');
    await waitFor(() => expect(lastFrame()).not.toContain('to go ahead: y'));
    await press(stdin, 'reverse');
    await waitFor(() => expect(lastFrame()).toContain('to go ahead: reverse'));
    await press(stdin, '\r');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('yes'));
  });

  it('takes another word typed for a money command as no, and Ctrl+C as an interruption', async () => {
    const onAnswer = vi.fn();
    const { stdin } = render(<Confirm question="Reverse a transaction?" typed="reverse" onAnswer={onAnswer} />);
    await press(stdin, 'revers');
    await press(stdin, '\r');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('no'));
    const second = vi.fn();
    const again = render(<Confirm question="Reverse a transaction?" typed="reverse" onAnswer={second} />);
    await press(again.stdin, 'rev');
    await press(again.stdin, '\u0003');
    await waitFor(() => expect(second).toHaveBeenCalledWith('interrupted'));
  });
});
