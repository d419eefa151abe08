import { type PublicStaffMember, STAFF_CODE_PATTERN, verifyStaffCode } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { client } from '../../app/client';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

type Outcome = { kind: 'staff'; staff: PublicStaffMember; code: string } | { kind: 'refused'; message: string; code: string } | null;

/** Typed codes are compared upper-case, spaces and dashes people add left out. */
const normalise = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/**
 * The public staff verification portal (`/traction-staff-verification-portal`, no sign-in): a
 * customer types the code a visiting officer gives and sees the staff member's name, role and
 * photo when it is a current staff code, or a warning when it is not. Branded and centred like
 * the sign-in page. `?code=` (a link or QR code on the officer's card) fills the code in and checks it.
 */
export default function StaffVerificationPage() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => normalise(params.get('code') ?? ''));
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  // The code box (TextField keeps its input to itself): refused codes and "Check another" focus it.
  const box = useRef<HTMLDivElement>(null);
  const focusCode = () => box.current?.querySelector('input')?.focus();

  async function check(typed: string) {
    const wanted = normalise(typed);
    if (!STAFF_CODE_PATTERN.test(wanted)) {
      setError('A staff code has 6 to 10 letters and digits, such as TRC4821.');
      focusCode();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const staff = await client.call(verifyStaffCode, { code: wanted });
      setOutcome({ kind: 'staff', staff, code: wanted });
    } catch (failure) {
      setOutcome({ kind: 'refused', code: wanted, message: failure instanceof ClientError ? failure.userMessage : 'The check could not be made. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  // A code in the link is checked once, as the page opens (the ref is emptied so a second run of the effect checks nothing).
  const initial = useRef(code);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code the page was opened with.
  useEffect(() => {
    const opened = initial.current;
    initial.current = '';
    if (opened) void check(opened);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  const again = () => {
    setOutcome(null);
    setCode('');
    requestAnimationFrame(focusCode);
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4" data-page="staff-verification">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Traction</p>
        <h1 className="text-lg font-semibold">Staff verification</h1>
        <p className="mb-5 text-zinc-500 dark:text-zinc-400">
          Every Traction officer carries a staff code. Before you deal with someone who says they are from Traction, type their code here.
        </p>
        {outcome?.kind === 'staff' ? (
          <section role="status" aria-label="Current Traction staff" data-outcome="staff" className="space-y-3">
            <div className="flex items-center gap-4">
              <div className="h-[150px] w-[120px] shrink-0 overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
                {outcome.staff.photo ? (
                  <img src={outcome.staff.photo} alt={`${outcome.staff.name}, Traction staff`} className="h-full w-full object-cover" data-staff-photo />
                ) : (
                  <p className="p-2 text-xs text-zinc-500">No photo on file</p>
                )}
              </div>
              <div className="min-w-0">
                <p className="text-lg font-semibold" data-staff-name>
                  {outcome.staff.name}
                </p>
                <p className="text-zinc-600 dark:text-zinc-300" data-staff-role>
                  {outcome.staff.role}
                </p>
                <p className="mt-2 inline-flex rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                  Current staff · {outcome.code}
                </p>
              </div>
            </div>
            <p className="text-sm">{outcome.staff.message}</p>
            <Button variant="primary" className="w-full" onClick={again} autoFocus>
              Check another code
            </Button>
          </section>
        ) : outcome?.kind === 'refused' ? (
          <section role="alert" aria-label="Not a current staff code" data-outcome="refused" className="space-y-3">
            <p className="rounded-md bg-red-50 p-3 text-red-900 dark:bg-red-950/50 dark:text-red-200">
              <span className="block font-mono font-semibold">{outcome.code}</span>
              {outcome.message}
            </p>
            <Button variant="primary" className="w-full" onClick={again} autoFocus>
              Check another code
            </Button>
          </section>
        ) : (
          <form onSubmit={submit} className="space-y-3" aria-label="Check a staff code" noValidate>
            <div ref={box}>
              <TextField
                label="Staff code"
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                placeholder="TRC4821"
                autoFocus
                required
                error={error || undefined}
                value={code}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
                className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
              />
            </div>
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Checking…' : 'Check'}
            </Button>
          </form>
        )}
        <p className="mt-5 text-xs text-zinc-500 dark:text-zinc-400">
          We show only the officer’s name, role and photo. If the code is not current, or the person does not match the photo, do not hand over money or cards;
          call Traction support.
        </p>
      </div>
    </main>
  );
}
