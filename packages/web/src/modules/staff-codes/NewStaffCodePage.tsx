import { type CommandOutput, createStaffCode } from '@traction/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';

type Created = CommandOutput<typeof createStaffCode>;

const LIST_PATH = '/staff-referral-code';

/**
 * New Staff Referral Code: the staff member (name, work email, phone, role, photo) and the code,
 * or none to have one made. Ctrl+Enter sends it; the code is then shown large, to read out or
 * print on a card, with "Another" and "All codes".
 */
export default function NewStaffCodePage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const [created, setCreated] = useState<Created | null>(null);
  // A new form after each code: a fresh form starts empty.
  const [round, setRound] = useState(0);
  const request = useMemo<CommandRequest<typeof createStaffCode>>(
    () => ({
      command: createStaffCode,
      onDone(output) {
        setCreated(output);
      },
    }),
    [],
  );
  return (
    <div className="max-w-xl" data-page="new-staff-code">
      <PageHeader
        title="New Staff Referral Code"
        description="A referral code for one staff member: merchants sign up with it, and customers check it on the public portal, which shows the name, role and photo. Codes are 6 to 10 letters and digits, unique whatever their case; leave the code empty to have one made."
      />
      <section aria-label={createStaffCode.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {!allowed(createStaffCode) ? (
          <p className="text-zinc-500">You need the {createStaffCode.permission} permission to create staff codes.</p>
        ) : created ? (
          <div role="status" data-created-code={created.staffCode.code}>
            <p className="text-zinc-500 dark:text-zinc-400">Staff code of {created.staffCode.name}</p>
            <p className="my-2 font-mono text-3xl font-semibold tracking-widest">{created.staffCode.code}</p>
            <p className="text-sm">{created.message}</p>
            <div className="mt-4 flex gap-2">
              <Button
                variant="primary"
                autoFocus
                onClick={() => {
                  setCreated(null);
                  setRound((n) => n + 1);
                }}
              >
                Another code
              </Button>
              <Button onClick={() => navigate(LIST_PATH)}>All codes</Button>
            </div>
          </div>
        ) : (
          <CommandForm key={round} command={createStaffCode} request={request} onClose={() => navigate(LIST_PATH)} autoFocus />
        )}
      </section>
    </div>
  );
}
