import {
  type CommandOutput,
  DEDUCTION_RUN_STATUS_WORDS,
  DEDUCTION_RUN_STATUSES,
  listDeductionRuns,
  listDeductionSettings,
  runDeductions,
  saveDeductionUpload,
} from '@traction/core';
import { useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { actionLinkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { DeductionReportDownloads } from './DeductionReportDownloads';
import { DEDUCTION_RUN_PARTS } from './deductionRunParts';
import { DEDUCTION_SETTINGS_PATH, DEDUCTION_UPLOAD_PATH, deductionRunPath } from './deductionPaths';

const OPTIONS = { status: DEDUCTION_RUN_STATUSES.map((status) => ({ value: status, label: DEDUCTION_RUN_STATUS_WORDS[status] })) };

/**
 * Deduction Management Portal: the runs, newest first, with what each took and could not take. Run
 * deductions (r) shows the dry run — every instalment it would take, and the total — before it is
 * started, then opens the run. The settings (c, for configure: s saves a view on every list) and
 * the upload of a deduction file (u); the report of what was taken over days, as CSV or for the
 * loan system.
 */
export default function DeductionRunsPage() {
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const mayRun = allowed(runDeductions);
  const run = () =>
    open({
      command: runDeductions,
      parts: DEDUCTION_RUN_PARTS,
      subject: "Every active setting: each instalment due by the day and unpaid is taken from its merchant's wallet, exactly once.",
      onDone: (output: CommandOutput<typeof runDeductions>) => {
        closeForm(null);
        if (output.run) navigate(deductionRunPath(output.run.id), { state: { notice: output.message } });
      },
    });
  useShortcut('r', 'Run deductions (the dry run shows first)', run, { enabled: mayRun });
  useShortcut('c', 'Deduction settings', () => navigate(DEDUCTION_SETTINGS_PATH), { enabled: allowed(listDeductionSettings) });
  useShortcut('u', 'Upload a deduction file', () => navigate(DEDUCTION_UPLOAD_PATH), { enabled: allowed(saveDeductionUpload) });
  return (
    <ListPage
      command={listDeductionRuns}
      title="Deduction Management Portal"
      description="Deduction runs, newest first: how many instalments each reached, what it took, what it could not take and what was short. A row opens the run and its instalments."
      rowNoun={{ one: 'run', other: 'runs' }}
      filterOptions={OPTIONS}
      selectable={false}
      summary={<DeductionReportDownloads />}
      actions={
        <>
          {allowed(listDeductionSettings) ? (
            <Link to={DEDUCTION_SETTINGS_PATH} className={actionLinkClass} aria-keyshortcuts="c" data-action="settings">
              Settings <ShortcutKey>c</ShortcutKey>
            </Link>
          ) : null}
          {allowed(saveDeductionUpload) ? (
            <Link to={DEDUCTION_UPLOAD_PATH} className={actionLinkClass} aria-keyshortcuts="u" data-action="upload">
              Upload file <ShortcutKey>u</ShortcutKey>
            </Link>
          ) : null}
          {mayRun ? (
            <Button variant="primary" onClick={run} aria-keyshortcuts="r" data-action="run">
              Run deductions… <ShortcutKey>r</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}
