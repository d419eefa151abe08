import {
  type CommandOutput,
  bulkDeductions,
  DEDUCTION_SETTING_STATUS_WORDS,
  DEDUCTION_SETTING_STATUSES,
  listDeductionRuns,
  listDeductionSettings,
  saveDeductionUpload,
  toggleDeductionSettings,
} from '@traction/core';
import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { bulkAction } from '../list/bulkAction';
import { ListPage } from '../list/ListPage';
import { actionLinkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { DEDUCTION_BULK_PARTS } from './deductionRunParts';
import { DEDUCTION_RUNS_PATH, DEDUCTION_UPLOAD_PATH, deductionRunPath } from './deductionPaths';
import { DeductionSettingPage } from './DeductionSettingPage';

const OPTIONS = { status: DEDUCTION_SETTING_STATUSES.map((status) => ({ value: status, label: DEDUCTION_SETTING_STATUS_WORDS[status] })) };

/**
 * Deduction settings (`/auto-deduction-settings/{_id?}`, the spec's one route for both): without
 * an id, every loan under automatic deduction — select some (x, Shift+a) to switch them on or
 * off (1, 2) or run deductions for them now (3, its dry run shown first); with one, that setting.
 * Upload a deduction file (u), the runs (d).
 */
export default function DeductionSettingsPage() {
  const { _id: id } = useParams();
  if (id !== undefined) return <DeductionSettingPage key={id} raw={id} />;
  return <DeductionSettingsList />;
}

function DeductionSettingsList() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  useShortcut('u', 'Upload a deduction file', () => navigate(DEDUCTION_UPLOAD_PATH), { enabled: allowed(saveDeductionUpload) });
  useShortcut('d', 'Deduction runs (the portal)', () => navigate(DEDUCTION_RUNS_PATH), { enabled: allowed(listDeductionRuns) });
  const closeForm = useSetAtom(commandRequestAtom);
  const bulkActions = useMemo(
    () => [
      bulkAction({ command: toggleDeductionSettings, label: 'Activate', fixed: { status: 'ACTIVE' } }),
      bulkAction({ command: toggleDeductionSettings, label: 'Pause', fixed: { status: 'PAUSED' }, tone: 'danger' }),
      bulkAction({
        command: bulkDeductions,
        label: 'Run now for these',
        parts: DEDUCTION_BULK_PARTS,
        onDone: (output: CommandOutput<typeof bulkDeductions>) => {
          if (!output.run) return;
          closeForm(null);
          navigate(deductionRunPath(output.run.id), { state: { notice: output.message } });
        },
      }),
    ],
    [navigate, closeForm],
  );
  return (
    <ListPage
      command={listDeductionSettings}
      title="Deduction Settings"
      description="Loans under automatic deduction: whether each is collected, the most one run takes, whether part of an instalment may be taken, and what the loan still owes. Select rows to switch them on or off, or to run deductions for them now."
      rowNoun={{ one: 'setting', other: 'settings' }}
      filterOptions={OPTIONS}
      bulkActions={bulkActions}
      actions={
        <>
          {allowed(listDeductionRuns) ? (
            <Link to={DEDUCTION_RUNS_PATH} className={actionLinkClass} aria-keyshortcuts="d" data-action="runs">
              Runs <ShortcutKey>d</ShortcutKey>
            </Link>
          ) : null}
          {allowed(saveDeductionUpload) ? (
            <Link to={DEDUCTION_UPLOAD_PATH} className={actionLinkClass} aria-keyshortcuts="u" data-action="upload">
              Upload file <ShortcutKey>u</ShortcutKey>
            </Link>
          ) : null}
        </>
      }
    />
  );
}
