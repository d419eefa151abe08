import { KYC_DOCUMENT_TYPES, listKyc } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { ListPage } from '../list/ListPage';
import { queueMemory } from '../review-queue/queueMemory';
import { ReviewQueueNotice } from '../review-queue/ReviewQueueNotice';
import { KYC_DOCUMENT_LABEL } from './kycLabels';
import { viewOf, type VerificationView } from './verificationViews';

const TYPE_CHOICES = [
  { value: 'EMAIL,PHONE', label: 'Email & phone' },
  { value: 'DOCUMENT', label: 'Document' },
  { value: 'ADDRESS', label: 'Address' },
  { value: 'CORPORATE', label: 'Corporate' },
];
const DOCUMENT_CHOICES = KYC_DOCUMENT_TYPES.map((type) => ({ value: type, label: KYC_DOCUMENT_LABEL[type] }));
const buttonLinkClass =
  'inline-flex h-8 items-center rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

/**
 * All Verifications, Document, Address and Corporate: one KYC list, each page a view of it with
 * the verification type fixed. Rows open the record; its page has the review actions and walks
 * this list (with its filters) from one decision to the next.
 */
export default function VerificationListPage() {
  const view = viewOf(useLocation().pathname);
  return <VerificationList key={view.path} view={view} />;
}

function VerificationList({ view }: { view: VerificationView }) {
  const location = useLocation();
  const { search } = location;
  const [, setParams] = useSearchParams();
  const permissions = useAtomValue(permissionSetAtom);
  // Entered by a link without filters, the page opens on its usual status (Document: pending);
  // applied once, so clearing it afterwards shows every status.
  const [opening, setOpening] = useState(() => (search === '' ? (view.opensOnStatus ?? null) : null));
  const opened = opening !== null && new URLSearchParams(search).has('status');
  if (opened) setOpening(null);
  useEffect(() => {
    if (opening && !opened) setParams({ status: opening }, { replace: true, state: location.state });
  }, [opening, opened, setParams, location.state]);
  useEffect(() => {
    if (!opening) queueMemory.remember(view.path, search);
  }, [opening, view.path, search]);
  if (opening) return null;

  return (
    <>
      <ReviewQueueNotice />
      <ListPage
        command={listKyc}
        title={view.title}
        description={view.description}
        rowNoun={{ one: 'record', other: 'records' }}
        fixed={view.fixed}
        detailRoute={`${view.path}/{id}`}
        filterOptions={{ verificationType: TYPE_CHOICES, documentTypes: DOCUMENT_CHOICES }}
        actions={
          view.path === '/corporate-verification' && permissions.has('kyc.corporate') ? (
            <Link to="/kyc-corporate-upload" className={buttonLinkClass}>
              Upload CAC documents
            </Link>
          ) : undefined
        }
      />
    </>
  );
}
