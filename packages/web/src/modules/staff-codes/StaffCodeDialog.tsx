import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { deleteStaffCode, setStaffCodeStatus, STAFF_CODE_STATUS_WORDS, type StaffCodeRow } from '@traction/core';
import type { ReactNode } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { useStaffPhoto } from './useStaffPhoto';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children || '—'}</dd>
    </div>
  );
}

const signUpWords = (n: number) => (n === 0 ? 'No merchant yet' : n === 1 ? '1 merchant' : `${n.toLocaleString('en-NG')} merchants`);

/**
 * One staff code: the photo and what the public portal shows (name, role), the contact the
 * console alone sees, its sign-ups, and what can be done to it: Deactivate or Reactivate (with a
 * reason), Delete when no merchant signed up with it. Esc or Close shuts it.
 */
export function StaffCodeDialog({ staffCode, onClose }: { staffCode: StaffCodeRow | null; onClose: () => void }) {
  const { allowed, open } = useOpenCommand();
  const photo = useStaffPhoto(staffCode?.id ?? 0, Boolean(staffCode?.hasPhoto));
  const active = staffCode?.status === 'ACTIVE';
  const switchStatus = (code: StaffCodeRow) => {
    onClose();
    open({
      command: setStaffCodeStatus,
      fixed: { id: code.id, status: active ? 'DEACTIVATED' : 'ACTIVE' },
      about: `staff code ${code.code}`,
      action: active ? `Deactivate ${code.code}` : `Reactivate ${code.code}`,
      subject: active
        ? `${code.name}: the public portal stops vouching for ${code.code} and no new merchant can sign up with it. ${signUpWords(code.signUps)} keep their link.`
        : `${code.name}: the public portal vouches for ${code.code} again and merchants can sign up with it.`,
    });
  };
  const remove = (code: StaffCodeRow) => {
    onClose();
    open({
      command: deleteStaffCode,
      fixed: { id: code.id },
      about: `staff code ${code.code}`,
      subject: `${code.code} of ${code.name}, with its photo: for a code made by mistake.`,
    });
  };
  return (
    <Dialog open={staffCode !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel data-testid="staff-code" data-staff-code={staffCode?.code} className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          {staffCode ? (
            <>
              <div className="flex gap-4">
                <div className="h-[150px] w-[120px] shrink-0 overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
                  {photo.data ? (
                    <img src={photo.data} alt={`${staffCode.name}`} className="h-full w-full object-cover" data-staff-photo />
                  ) : (
                    <p className="p-2 text-xs text-zinc-500">
                      {staffCode.hasPhoto ? (photo.isError ? 'The photo could not be loaded' : 'Loading…') : 'No photo'}
                    </p>
                  )}
                </div>
                <div className="min-w-0">
                  <DialogTitle className="text-lg font-semibold">{staffCode.name}</DialogTitle>
                  <p className="text-zinc-600 dark:text-zinc-300">{staffCode.role}</p>
                  <p className="mt-2 font-mono text-lg tracking-wider" data-code>
                    {staffCode.code}
                  </p>
                  <Badge tone={active ? 'good' : 'neutral'}>{STAFF_CODE_STATUS_WORDS[staffCode.status]}</Badge>
                </div>
              </div>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <Row label="Email">{staffCode.email}</Row>
                <Row label="Phone">{staffCode.phone}</Row>
                <Row label="Signed up with it">
                  {signUpWords(staffCode.signUps)}
                  {staffCode.lastSignUpAt ? `, the latest ${formatDateTime(staffCode.lastSignUpAt)}` : ''}
                </Row>
                <Row label="Created">
                  {formatDateTime(staffCode.createdAt)}
                  {staffCode.createdBy ? ` by ${staffCode.createdBy}` : ''}
                </Row>
                {staffCode.statusChangedAt ? (
                  <Row label={active ? 'Reactivated' : 'Deactivated'}>
                    {formatDateTime(staffCode.statusChangedAt)}
                    {staffCode.statusChangedBy ? ` by ${staffCode.statusChangedBy}` : ''}
                    {staffCode.statusReason ? `: ${staffCode.statusReason}` : ''}
                  </Row>
                ) : null}
              </dl>
              <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
                The public staff verification portal shows only the name, role and photo, and only while the code is active.
              </p>
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                {allowed(setStaffCodeStatus) ? (
                  <Button variant={active ? 'danger' : 'primary'} onClick={() => switchStatus(staffCode)} data-switch-status>
                    {active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                ) : null}
                {allowed(deleteStaffCode) && staffCode.signUps === 0 ? (
                  <Button onClick={() => remove(staffCode)} data-delete>
                    Delete
                  </Button>
                ) : null}
                <Button onClick={onClose}>Close</Button>
              </div>
            </>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
