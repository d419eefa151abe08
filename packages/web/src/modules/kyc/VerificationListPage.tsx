import { KYC_DOCUMENT_TYPES, listKyc } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { ListPage } from '../list/ListPage';
import { KYC_DOCUMENT_LABEL } from './kycLabels';
import { rememberListSearch } from './listReturnPath';
import { viewOf } from './verificationViews';

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
 * the verification type fixed. Rows open the record; its page has the review actions.
 */
export default function VerificationListPage() {
  const { pathname, search } = useLocation();
  const view = viewOf(pathname);
  useEffect(() => rememberListSearch(view.path, search), [view.path, search]);
  const permissions = useAtomValue(permissionSetAtom);
  return (
    <ListPage
      key={view.path}
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
  );
}
