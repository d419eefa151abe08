import { merchantPasswordLink, overrideKyc, toggleTrust, updateFraudStatus, updateWalletStatus, type MerchantDetail } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import type { MerchantAction } from './MerchantAction';
import { walletWord } from './walletWord';

/** The person support sends a password link to: the owner, else the first user, else nobody. */
const linkRecipient = (detail: MerchantDetail) => (detail.users.find((user) => user.role === 'owner') ?? detail.users[0])?.email;

/** The actions an admin may take on the merchant: buttons, the same as page shortcuts (shown in `?`). */
export function useMerchantActions(detail: MerchantDetail | undefined): MerchantAction[] {
  const { allowed, open } = useOpenCommand();
  if (!detail) return [];
  // Each form says what it will do to whom: the command's title is generic ("Mark or clear fraud on a business").
  const { business, flags, wallet } = detail;
  const name = business.name;
  const recipient = linkRecipient(detail);
  const actions: MerchantAction[] = [
    {
      key: 'f',
      command: updateFraudStatus,
      label: flags.fraud.isFraud ? 'Clear fraud' : 'Mark as fraud',
      variant: flags.fraud.isFraud ? 'secondary' : 'danger',
      run: () =>
        open({
          command: updateFraudStatus,
          fixed: { id: business.id, is_fraud: !flags.fraud.isFraud },
          about: name,
          subject: flags.fraud.isFraud ? `Clear the fraud mark on ${name}` : `Mark ${name} as fraud`,
        }),
    },
    {
      key: 't',
      command: toggleTrust,
      label: flags.trusted.isTrusted ? 'Withdraw trust' : 'Trust',
      variant: 'secondary',
      // The server refuses it (409); say why before anyone fills in a form.
      unavailable: !flags.trusted.isTrusted && flags.fraud.isFraud ? `${name} is marked as fraud and cannot be trusted; clear the fraud mark first` : undefined,
      run: () =>
        open({
          command: toggleTrust,
          fixed: { id: business.id, isTrusted: !flags.trusted.isTrusted },
          about: name,
          subject: flags.trusted.isTrusted ? `Withdraw trust from ${name}` : `Trust ${name}`,
        }),
    },
    ...(wallet
      ? [
          {
            key: 'w',
            command: updateWalletStatus,
            label: 'Wallet status',
            variant: 'secondary' as const,
            run: () =>
              open({
                command: updateWalletStatus,
                fixed: { uid: wallet.uid },
                about: `the wallet of ${name}`,
                subject: `Change the wallet status of ${name} — now ${walletWord(wallet.status)}`,
              }),
          },
        ]
      : []),
    {
      key: 'o',
      command: overrideKyc,
      label: 'KYC override',
      variant: 'secondary',
      run: () => open({ command: overrideKyc, fixed: { businessId: business.id }, about: name, subject: `Override KYC for ${name}` }),
    },
    ...(recipient
      ? [
          {
            key: 'p',
            command: merchantPasswordLink,
            label: 'Password link',
            variant: 'secondary' as const,
            run: () =>
              open({
                command: merchantPasswordLink,
                fixed: { email: recipient },
                about: recipient,
                subject: `Send ${recipient} a new password link for ${name}`,
              }),
          },
        ]
      : []),
  ];
  return actions.filter((action) => allowed(action.command));
}
