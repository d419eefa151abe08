import type { KycStatus, VerificationType } from '@traction/core';

/** One Verification page: a view of the KYC list, and where its records open. */
export interface VerificationView {
  /** The list page's route. */
  path: string;
  title: string;
  description: string;
  /** The filters the page always applies (hidden from its filter bar). */
  fixed: Readonly<Record<string, unknown>>;
  /** The status the page opens on when its link carries no filters (Document: its pending queue); the reviewer may clear it. */
  opensOnStatus?: KycStatus;
}

export const VERIFICATION_VIEWS: readonly VerificationView[] = [
  {
    path: '/all-verification',
    title: 'All Verifications',
    description: 'Every KYC record: email, phone, document, address and corporate.',
    fixed: {},
  },
  {
    path: '/document-verification',
    title: 'Document Verification',
    description: 'Identity documents: NIN, BVN, passport, driver’s licence, voter’s card.',
    fixed: { verificationType: ['DOCUMENT'] satisfies VerificationType[] },
    opensOnStatus: 'PENDING',
  },
  {
    path: '/address-verification',
    title: 'Address Verification',
    description: 'Business addresses, checked against a utility bill.',
    fixed: { verificationType: ['ADDRESS'] satisfies VerificationType[] },
  },
  {
    path: '/corporate-verification',
    title: 'Corporate Verification',
    description: 'CAC registration numbers with their certificates.',
    fixed: { verificationType: ['CORPORATE'] satisfies VerificationType[] },
  },
];

/** The view a path belongs to (`/document-verification/12` → Document); All Verifications otherwise. */
export function viewOf(pathname: string): VerificationView {
  const base = `/${pathname.split('/')[1] ?? ''}`;
  return VERIFICATION_VIEWS.find((view) => view.path === base) ?? VERIFICATION_VIEWS[0]!;
}

/** Where a record's own page is under the list that shows it. */
export const recordPath = (view: VerificationView, id: number) => `${view.path}/${id}`;

/** The list a record of this type belongs to, for "back" and for links from elsewhere. */
export function viewForType(type: VerificationType): VerificationView {
  return VERIFICATION_VIEWS.find((view) => (view.fixed.verificationType as string[] | undefined)?.includes(type)) ?? VERIFICATION_VIEWS[0]!;
}
