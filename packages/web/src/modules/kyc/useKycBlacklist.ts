import { blacklistKycId, isFinalKycStatus, KYC_ID_TYPES, type CommandOutput, type KycIdType } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import type { KycDetail } from './KycDetail';
import type { KycNotice } from './KycNotice';
import { documentLabel, maskedId, statusLabel } from './kycLabels';

const isIdType = (value: string | null): value is KycIdType => value !== null && (KYC_ID_TYPES as readonly string[]).includes(value);

/**
 * Blacklisting the ID behind one KYC record: the record's own ID, or the business's BVN only when
 * the record carries none. The form's subject says what else happens to the record and to
 * exemptions; a refusal (no permission, already blacklisted) goes to the notice. Once blacklisted,
 * `advance` opens the next record of the queue, saying what was done.
 */
export function useKycBlacklist(data: KycDetail | undefined, setNotice: (notice: KycNotice | null) => void, advance: (notice: string) => Promise<void>) {
  const { allowed, open } = useOpenCommand();
  const recordId =
    data && isIdType(data.record.documentType) && data.record.idNumber ? { idType: data.record.documentType, idNumber: data.record.idNumber } : null;
  const may = allowed(blacklistKycId) && !!data && !data.blacklisted;

  const blacklist = () => {
    if (!data) return;
    const { record, blacklisted } = data;
    if (!may) {
      setNotice({
        tone: 'refused',
        text: blacklisted
          ? `${maskedId(blacklisted.idType, blacklisted.idNumber)} is already blacklisted.`
          : 'You cannot blacklist IDs: that needs the kyc.blacklist permission.',
      });
      return;
    }
    const onDone = (output: CommandOutput<typeof blacklistKycId>) => {
      const rejected = output.record.status === 'REJECTED' && record.status !== 'REJECTED' ? ` KYC #${record.id} rejected.` : '';
      const text = `${maskedId(output.entry.idType, output.entry.idNumber)} is blacklisted.${rejected}`;
      setNotice({ tone: 'done', text });
      void advance(text);
    };
    if (recordId) {
      const willReject = !isFinalKycStatus(record.status);
      open({
        command: blacklistKycId,
        fixed: { id: record.id, idType: recordId.idType, idNumber: recordId.idNumber },
        subject: `Blacklists ${maskedId(recordId.idType, recordId.idNumber)}, the ID on KYC #${record.id} (${record.businessName}). ${
          willReject
            ? `KYC #${record.id} will be rejected, with the note as its comment.`
            : `KYC #${record.id} stays ${statusLabel(record.status).toLowerCase()} (final).`
        } Any KYC exemption of a business that used this ID is withdrawn.`,
        onDone,
      });
      return;
    }
    open({
      command: blacklistKycId,
      fixed: { id: record.id, idType: 'BVN' },
      subject: `KYC #${record.id} carries no ID number, so this blacklists the BVN of ${record.businessName}: type it below (it must be the business's BVN). KYC #${record.id} keeps its status; any KYC exemption of a business that used this BVN is withdrawn.`,
      onDone,
    });
  };

  return {
    may,
    blacklist,
    /** The button's words. */
    label: recordId ? `Blacklist ${documentLabel(recordId.idType)}…` : 'Blacklist BVN…',
    /** The shortcut's words in `?`. */
    shortcutLabel: recordId ? 'Blacklist its ID number…' : "Blacklist the business's BVN…",
  };
}
