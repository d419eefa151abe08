// The Ink side of the CLI, loaded only when a screen is shown: `--help`, pipes and cron jobs
// never load React or Ink.
import { render, renderToString } from 'ink';
import { interrupted } from '../errors';
import type { Io } from '../io';
import { Confirm, type ConfirmProps } from './Confirm';
import { LoginForm, type LoginFormProps, type LoginOutcome } from './LoginForm';
import { Progress } from './Progress';
import { Table, type TableProps } from './Table';

/** Prompts and progress draw on stderr, so stdout carries only the command's data. */
function inkOptions(io: Io) {
  return {
    stdout: io.stderr as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    stdin: io.stdin,
    exitOnCtrlC: false,
    patchConsole: false,
  };
}

/** A table as text, ready to write to a terminal `width` columns wide. */
export function renderTable(props: TableProps, width: number): string {
  return `${renderToString(<Table {...props} />, { columns: width })}\n`;
}

export function promptLogin(io: Io, props: Omit<LoginFormProps, 'onDone'>): Promise<LoginOutcome> {
  return new Promise((resolve) => {
    const app = render(
      <LoginForm
        {...props}
        onDone={(outcome) => {
          app.unmount();
          resolve(outcome);
        }}
      />,
      inkOptions(io),
    );
  });
}

/** Whether the person said yes. Ctrl+C rejects with an `interrupted` error (exit 130), its message already on screen. */
export function promptConfirm(io: Io, props: Omit<ConfirmProps, 'onAnswer'>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const app = render(
      <Confirm
        {...props}
        onAnswer={(answer) => {
          app.unmount();
          if (answer === 'interrupted') reject(interrupted(''));
          else resolve(answer === 'yes');
        }}
      />,
      inkOptions(io),
    );
  });
}

export interface ProgressView {
  update(done: number, detail?: string): void;
  /** Draws the last figures and leaves them on screen. */
  stop(): Promise<void>;
}

/** A live progress bar on stderr, redrawn ten times a second at most. */
export function showProgress(io: Io, options: { label: string; total?: number; unit?: string }): ProgressView {
  const started = Date.now();
  let done = 0;
  let detail: string | undefined;
  const element = () => (
    <Progress label={options.label} done={done} total={options.total} elapsedMs={Date.now() - started} unit={options.unit} detail={detail} />
  );
  const app = render(element(), inkOptions(io));
  const timer = setInterval(() => app.rerender(element()), 100);
  return {
    update(next, nextDetail) {
      done = next;
      detail = nextDetail;
    },
    async stop() {
      clearInterval(timer);
      app.rerender(element());
      app.unmount();
      await app.waitUntilExit();
    },
  };
}
