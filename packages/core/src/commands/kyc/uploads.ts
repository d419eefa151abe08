import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { fileAnswer } from '../../file-answer';
import { idField } from '../../schemas/common';
import { fileField } from '../../schemas/fields';
import { uploadInfo } from '../../schemas/kyc';

export const createUpload = defineCommand({
  id: 'uploads.create',
  group: 'uploads',
  action: 'create',
  title: 'Upload a document',
  description: 'Stores a JPEG, PNG or PDF (recognised by its content, at most 5 MB) for a KYC record. Anything else is refused and nothing is kept.',
  keywords: ['file', 'document', 'cac', 'kyc'],
  method: 'POST',
  path: '/v1/uploads/',
  permission: 'uploads.create',
  audit: {
    action: (input) => (said(input.businessId) ? 'upload a document for {subject}' : 'upload a document'),
    subject: { kind: 'business', from: 'businessId' },
  },
  input: z.object({
    /** The business the document belongs to, when known. */
    businessId: idField.optional(),
    /** The file, as the multipart part `file`. */
    file: fileField,
  }),
  output: z.object({ upload: uploadInfo }),
  example: 'traction uploads create --input-file ./cac-certificate.pdf --business-id 42',
});

export const getUpload = defineCommand({
  id: 'uploads.get',
  group: 'uploads',
  action: 'get',
  title: 'Download an uploaded document',
  description: 'The file as uploaded, sent so that a browser can show it but never run it.',
  keywords: ['file', 'document', 'view', 'download'],
  method: 'GET',
  path: '/v1/uploads/{id}',
  permission: 'kyc.view',
  answers: 'file',
  input: z.object({ id: idField }),
  output: fileAnswer,
  example: 'traction uploads get --id 7 --out cac.pdf',
});
