import type { Generated, GeneratedAlways } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

export interface UploadsTable {
  id: Generated<number>;
  original_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  business_id: number | null;
  uploaded_by: number | null;
  created_at: CreatedAt;
}

export interface KycRecordsTable {
  id: Generated<number>;
  business_id: number;
  verification_type: 'EMAIL' | 'PHONE' | 'DOCUMENT' | 'ADDRESS' | 'CORPORATE';
  document_type: string | null;
  id_number: string | null;
  /** `id_number` normalised by the database exactly as core's normaliseIdNumber does (0005). */
  id_number_norm: GeneratedAlways<string | null>;
  detail: string | null;
  status: 'PENDING' | 'PROCESSING' | 'APPROVED' | 'DISAPPROVED' | 'REJECTED';
  comment: string | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  submitted_at: CreatedAt;
  updated_at: Timestamp;
}

export interface KycDocumentsTable {
  kyc_id: number;
  upload_id: number;
  label: string;
}

export interface KycEventsTable {
  id: Generated<bigint>;
  kyc_id: number;
  from_status: KycRecordsTable['status'] | null;
  to_status: KycRecordsTable['status'];
  comment: string | null;
  admin_id: number | null;
  at: CreatedAt;
}

export interface KycIdBlacklistTable {
  id: Generated<number>;
  id_type: string;
  id_number: string;
  note: string;
  kyc_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}
