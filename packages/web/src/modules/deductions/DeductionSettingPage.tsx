import {
  DEDUCTION_SETTING_STATUS_WORDS,
  deleteDeductionSetting,
  formatNaira,
  getDeductionSetting,
  getLoan,
  LOAN_STATUS_WORDS,
  listDeductionSettings,
  updateDeductionSetting,
} from '@traction/core';
import { useSetAtom } from 'jotai';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import { type CommandRequest, commandRequestAtom } from '../forms/commandRequestAtom';
import type { FormParts } from '../forms/FormParts';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { loanPath } from '../loans/loanPaths';
import { LOAN_STATUS_TONES } from '../loans/loanStatusTone';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { DEDUCTION_SETTINGS_PATH } from './deductionPaths';

/** A cap is typed only while the setting has one: "No cap" takes every instalment due, and the cap box goes. */
const SETTING_PARTS: FormParts = {
  labels: { clearCap: 'No cap: take every instalment due', allowPartial: 'Take part of an instalment when the wallet holds less' },
  applies: (name, values) => name !== 'capPerRun' || values.clearCap !== true,
};

/**
 * One loan's deduction setting (`/auto-deduction-settings/{id}`): what it is about and how it
 * stands, its form — on or paused, the cap per run in Naira or none, partial deductions —
 * sent with Ctrl+Enter, and removal (r, confirmed). `o` opens the loan, `u` all settings.
 */
export function DeductionSettingPage({ raw }: { raw: string }) {
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getDeductionSetting, { id }, { enabled: valid });
  const setting = shown.data;
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  // A new key is a fresh form: after a save is closed, or Cancel, it starts again from the setting as stored.
  const [formKey, setFormKey] = useState(0);
  const mayRemove = !!setting && allowed(deleteDeductionSetting);
  const mayLoan = allowed(getLoan);

  const remove = () =>
    setting &&
    open({
      command: deleteDeductionSetting,
      fixed: { id: setting.id },
      about: `the deduction setting of ${setting.loanReference}`,
      action: `Remove the deduction setting of ${setting.loanReference}`,
      subject: 'No run collects this loan again until a deduction file puts it back; what runs took stays recorded.',
      onDone: () => {
        closeForm(null);
        navigate(DEDUCTION_SETTINGS_PATH);
      },
    });
  useShortcut('r', 'Remove this deduction setting', remove, { enabled: mayRemove });
  useShortcut('o', 'Open the loan', () => setting && navigate(loanPath(setting.loanId)), { enabled: !!setting && mayLoan });
  useShortcut('u', 'All deduction settings', () => navigate(DEDUCTION_SETTINGS_PATH), { enabled: allowed(listDeductionSettings) });

  const request = useMemo<CommandRequest | null>(
    () =>
      setting
        ? {
            command: updateDeductionSetting,
            fixed: { id: setting.id },
            initial: {
              status: setting.status,
              ...(setting.capPerRun === null ? { clearCap: true } : { capPerRun: setting.capPerRun, clearCap: false }),
              allowPartial: setting.allowPartial,
            },
            about: setting.loanReference,
            action: `Save the deduction setting of ${setting.loanReference}`,
            parts: SETTING_PARTS,
          }
        : null,
    [setting],
  );

  if (valid && shown.isPending) return <PageSpinner />;
  if (!setting || !request) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no deduction setting #${raw}.`}
        failed="This deduction setting could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  const facts: [string, ReactNode][] = [
    [
      'Loan',
      mayLoan ? (
        <Link key="loan" className={linkClass} to={loanPath(setting.loanId)} aria-keyshortcuts="o">
          {setting.loanReference}
        </Link>
      ) : (
        setting.loanReference
      ),
    ],
    [
      'Merchant',
      <Link key="merchant" className={linkClass} to={`/merchants/${setting.businessId}`}>
        {setting.businessName}
      </Link>,
    ],
    [
      'Loan status',
      <Badge key="loan-status" tone={LOAN_STATUS_TONES[setting.loanStatus]}>
        {LOAN_STATUS_WORDS[setting.loanStatus]}
      </Badge>,
    ],
    [
      'Deduction',
      <Badge key="status" tone={setting.status === 'ACTIVE' ? 'good' : 'warn'}>
        {DEDUCTION_SETTING_STATUS_WORDS[setting.status]}
      </Badge>,
    ],
    ['Cap per run', setting.capPerRun === null ? 'None: every instalment due' : formatNaira(setting.capPerRun)],
    ['Partial deductions', setting.allowPartial ? 'Allowed: takes what the wallet holds' : 'Whole instalments only'],
    ['Outstanding', formatNaira(setting.outstanding)],
    ['Arrears', formatNaira(setting.arrears)],
    ['Last run', formatDateTime(setting.lastRunAt)],
    ['Changed', formatDateTime(setting.updatedAt)],
  ];
  return (
    <div className="max-w-3xl space-y-4" data-page="deduction-setting" data-setting-id={setting.id} data-status={setting.status}>
      <PageHeader
        title={`Deduction setting · ${setting.loanReference} · ${setting.businessName}`}
        description="How automatic deduction collects this loan from the merchant's wallet."
        actions={<ShortcutButtons buttons={[{ key: 'r', label: 'Remove…', show: mayRemove, run: remove, variant: 'danger' }]} />}
      />
      <dl
        className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800"
        data-testid="setting-facts"
      >
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Section name="change" title="Change it">
        <div className="p-3">
          {allowed(updateDeductionSetting) ? (
            <CommandForm key={formKey} command={updateDeductionSetting} request={request} onClose={() => setFormKey((key) => key + 1)} />
          ) : (
            <p className="text-zinc-500">You need the {updateDeductionSetting.permission} permission to change deduction settings.</p>
          )}
        </div>
      </Section>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Ctrl+Enter: save · o: the loan · u: all settings · ?: every shortcut</p>
    </div>
  );
}
