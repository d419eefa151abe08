import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { DEVICE_NOT_RECOGNIZED_MESSAGE } from '@traction/core';
import { useAtom } from 'jotai';
import { logoutLocally } from '../../app/client';
import { Button } from '../ui/Button';
import { deviceModalOpenAtom } from '../auth/sessionAtoms';

/** The unsanctioned-device modal (spec §8). */
export function DeviceModal() {
  const [open, setOpen] = useAtom(deviceModalOpenAtom);
  return (
    // Not dismissable: every call from this device fails until the admin signs in again.
    <Dialog open={open} onClose={() => undefined} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-w-sm rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          <DialogTitle className="font-semibold">Unrecognised device</DialogTitle>
          <p className="mt-2 text-zinc-600 dark:text-zinc-300">{DEVICE_NOT_RECOGNIZED_MESSAGE}</p>
          <div className="mt-4 flex justify-end">
            <Button
              variant="primary"
              onClick={() => {
                setOpen(false);
                logoutLocally();
              }}
            >
              Logout
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
