/** Polls until `check` passes (or throws its last failure after `timeoutMs`): for frames that change after a promise settles. */
export async function waitFor<T>(check: () => T, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Lets Ink process a key before the next one arrives, as typing would. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 40));

/** Waits until Ink listens to the keyboard (it attaches when a component asks for input). */
export const inputReady = (stdin: { listenerCount(event: string): number }) =>
  waitFor(() => {
    if (stdin.listenerCount('readable') === 0) throw new Error('Ink is not reading keys yet');
  });

/** Types text into a fake terminal once Ink reads keys, the way a person waits for a prompt. */
export async function typeKeys(keyboard: { listenerCount(event: string): number; write(text: string): unknown }, text: string): Promise<void> {
  await inputReady(keyboard);
  // A field that has just appeared subscribes to keys in an effect: give it that moment.
  await tick();
  keyboard.write(text);
  await tick();
}
