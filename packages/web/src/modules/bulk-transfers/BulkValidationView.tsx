import { formatNaira, listBulkTransferRows, type BulkValidation } from '@traction/core';
import { Link } from 'react-router';
import { CsvDownload } from '../list/CsvDownload';
import { Section } from '../ui/Section';
import { linkClass } from '../ui/linkClass';
import { BadRowsTable } from '../ui/BadRowsTable';
import { BatchFigures } from './BatchFigures';
import { bulkStatusPath } from './bulkPaths';
import { EarlierUploadsNote } from './EarlierUploadsNote';
import { SubmitUploadPanel } from './SubmitUploadPanel';

/**
 * What the server found in an uploaded file, before anything moves: rows, good and bad, the
 * total and fees in Naira, warnings (the source's balance is short), an earlier upload of the
 * same file, every bad row with its column and sentence, then submitting for approval.
 */
export function BulkValidationView({ validation }: { validation: BulkValidation }) {
  const { upload, problems, warnings } = validation;
  const bad = upload.badRows - upload.excludedRows;
  return (
    <div data-testid="bulk-validation" data-upload-id={upload.id} className="space-y-4">
      <Section
        name="checks"
        title={`Checked: ${upload.fileName}`}
        aside={
          <Link to={bulkStatusPath(upload.id)} className={`${linkClass} text-sm`}>
            Upload #{upload.id}
          </Link>
        }
      >
        <div className="space-y-3 p-3">
          <p role="status" data-testid="validation-message">
            {validation.message}
          </p>
          <BatchFigures
            label="What the file holds"
            figures={[
              { key: 'rows', label: 'Rows in the file', value: upload.rowCount.toLocaleString('en-NG') },
              { key: 'valid', label: 'Good rows', value: upload.validRows.toLocaleString('en-NG'), tone: 'good' },
              { key: 'bad', label: 'Bad rows', value: bad.toLocaleString('en-NG'), tone: bad > 0 ? 'bad' : undefined },
              { key: 'total', label: 'Total to send', value: formatNaira(upload.total), note: 'the good rows' },
              { key: 'fees', label: 'Fees', value: formatNaira(upload.fees), note: upload.businessId === null ? 'none from a company account' : 'one per row' },
              { key: 'debit', label: `Leaves ${upload.source}`, value: formatNaira(upload.total + upload.fees) },
            ]}
          />
          {warnings.length > 0 ? (
            <ul data-testid="validation-warnings" className="list-disc space-y-1 pl-5 text-amber-800 dark:text-amber-300">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
          <EarlierUploadsNote uploadId={upload.id} sha256={upload.sha256} />
        </div>
      </Section>
      {problems.length > 0 ? (
        <Section
          name="bad-rows"
          title="Bad rows"
          count={bad}
          aside={<CsvDownload command={listBulkTransferRows} filters={{ id: upload.id, outcome: 'bad' }} total={bad} />}
        >
          <div className="space-y-2 p-3">
            <p className="text-zinc-600 dark:text-zinc-300">
              Each problem of each bad row, by row number (the first row under the header is row 1). Nothing is sent for a bad row.
            </p>
            <BadRowsTable problems={problems} />
          </div>
        </Section>
      ) : null}
      <Section name="submit" title="Submit for approval">
        <div className="p-3">
          <SubmitUploadPanel upload={upload} badRowNumbers={problems.map((problem) => problem.row)} shortcut />
        </div>
      </Section>
    </div>
  );
}
