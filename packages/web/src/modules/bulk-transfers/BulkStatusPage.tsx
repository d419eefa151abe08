import { getBulkTransfers, listBulkTransferRows } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import type { ListView } from '../list/ListView';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { batchWatchInterval } from './batchWatchInterval';
import { BulkUploadActionButtons } from './BulkUploadActionButtons';
import { BulkUploadShortcutsEffect } from './BulkUploadShortcutsEffect';
import { BulkUploadSummary } from './BulkUploadSummary';
import { renderBatchRowCell } from './renderBatchCell';
import { useArrivalNotice } from './useArrivalNotice';
import { useBatchApproval } from './useBatchApproval';
import { useBulkUploadActions } from './useBulkUploadActions';

/**
 * Bulk Status: one upload — its state in words (waiting for whom, how far the run has got), live
 * figures and the background job's progress, submitting it or its actions (retry refused or
 * failed rows, cancel before approval) — over its rows with their status, beneficiary, amount,
 * transfer and the bank's answer or refusal; the rows' CSV is the results file. Refreshed every
 * 2 s while rows are on their way, until every row is final.
 */
export default function BulkStatusPage() {
  const { id = '' } = useParams();
  const uploadId = Number(id);
  const valid = Number.isSafeInteger(uploadId) && uploadId > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shown = useCommandQuery(getBulkTransfers, { id: uploadId }, { enabled: valid, refetchInterval: (data) => batchWatchInterval(data?.upload.status) });
  const upload = shown.data?.upload;
  const notice = useArrivalNotice(upload?.status, shown.dataUpdatedAt);
  const approval = useBatchApproval(upload);
  const actions = useBulkUploadActions(upload);

  // The rows follow the figures: when anything moved, the loaded pages are asked for again.
  const moved = upload ? `${upload.status}:${JSON.stringify(upload.progress)}` : '';
  const seen = useRef(moved);
  useEffect(() => {
    if (!moved || seen.current === moved) return;
    const first = seen.current === '';
    seen.current = moved;
    if (!first) void queryClient.invalidateQueries({ queryKey: [listBulkTransferRows.id] });
  }, [moved, queryClient]);

  const views = useMemo((): ListView[] | undefined => {
    if (!upload) return undefined;
    const { progress } = upload;
    const sent = upload.status === 'RUNNING' || upload.status === 'DONE';
    return [
      { label: 'All rows', search: '', count: upload.rowCount },
      ...(upload.badRows > 0 ? [{ label: 'Bad', search: '?outcome=bad', count: upload.badRows }] : []),
      ...(sent
        ? [
            { label: 'Failed', search: '?outcome=failed', count: progress.failed },
            { label: 'On the way', search: '?outcome=pending', count: progress.pending },
            { label: 'Paid', search: '?outcome=succeeded', count: progress.succeeded },
          ]
        : []),
    ];
  }, [upload]);

  const fixed = useMemo(() => ({ id: uploadId }), [uploadId]);
  const openRow = useMemo(
    () => (row: Record<string, unknown>) => {
      if (typeof row.transferId === 'number') navigate(`/funds-transfer/${row.transferId}`);
    },
    [navigate],
  );

  const shortcuts = <BulkUploadShortcutsEffect actions={actions} approvalRequestId={upload?.approvalRequestId ?? null} />;
  if (valid && shown.isPending) {
    return (
      <>
        {shortcuts}
        <PageSpinner />
      </>
    );
  }
  if (!upload) {
    return (
      <>
        {shortcuts}
        <RecordNotLoaded
          valid={valid}
          error={shown.error}
          missing={`There is no bulk upload #${id}.`}
          failed="This upload could not be loaded"
          retry={() => void shown.refetch()}
        />
      </>
    );
  }

  return (
    <CellRendererContext.Provider value={renderBatchRowCell}>
      {shortcuts}
      <div data-page="bulk-status" data-upload-id={upload.id} data-status={upload.status}>
        <ListPage
          command={listBulkTransferRows}
          title={`Bulk upload #${upload.id}`}
          description={`${upload.fileName} · from ${upload.source} · uploaded by ${upload.createdByName}, ${formatDateTime(upload.createdAt)}`}
          fixed={fixed}
          rowNoun={{ one: 'row', other: 'rows' }}
          selectable={false}
          onOpenRow={openRow}
          views={views}
          actions={<BulkUploadActionButtons actions={actions} refused={upload.progress.refused} />}
          summary={<BulkUploadSummary upload={upload} approval={approval} notice={notice} />}
        />
      </div>
    </CellRendererContext.Provider>
  );
}
