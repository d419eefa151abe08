import { createStaffCode, listStaffCodes, STAFF_CODE_STATUS_WORDS, STAFF_CODE_STATUSES, type StaffCodeRow } from '@traction/core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { actionLinkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { StaffCodeDialog } from './StaffCodeDialog';

const OPTIONS = { status: STAFF_CODE_STATUSES.map((status) => ({ value: status, label: STAFF_CODE_STATUS_WORDS[status] })) };

/** Where customers check a code (no sign-in), linked from the page so staff can send it on. */
const PORTAL_PATH = '/traction-staff-verification-portal';

/**
 * Staff Referral Code: every code with its staff member, status and how many merchants signed up
 * with it; searchable by code, name, email or phone, and downloadable. Enter opens a code (its
 * photo, contact, Deactivate/Reactivate, Delete); New code (n) opens the form.
 */
export default function StaffCodesPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayCreate = allowed(createStaffCode);
  const create = () => navigate('/new-staff-referral-code');
  useShortcut('n', 'New staff referral code', create, { enabled: mayCreate });
  const [shown, setShown] = useState<StaffCodeRow | null>(null);
  const openRow = useCallback((row: Record<string, unknown>) => setShown(row as unknown as StaffCodeRow), []);
  return (
    <>
      <ListPage
        command={listStaffCodes}
        title="Staff Referral Code"
        description="Each staff member's referral code and the merchants who signed up with it. Customers check a visiting officer's code on the public staff verification portal, which vouches only for active codes. Enter opens a code."
        rowNoun={{ one: 'code', other: 'codes' }}
        filterOptions={OPTIONS}
        selectable={false}
        onOpenRow={openRow}
        actions={
          <>
            <a href={PORTAL_PATH} target="_blank" rel="noreferrer" className={actionLinkClass}>
              Public portal ↗
            </a>
            {mayCreate ? (
              <Button variant="primary" onClick={create}>
                New code <ShortcutKey>n</ShortcutKey>
              </Button>
            ) : null}
          </>
        }
      />
      <StaffCodeDialog staffCode={shown} onClose={() => setShown(null)} />
    </>
  );
}
