import { useSearchParams } from 'react-router';
import { ListPage } from '../list/ListPage';
import { DATASET_CHOICES, DATASET_FILTER_OPTIONS, DATASET_STATUS_OPTIONS } from './datasetChoices';
import { DatasetTabs } from './DatasetTabs';
import { DeductionTemplateButton } from './DeductionTemplateButton';

/**
 * Datasets: what merchants do in the merchant app (users, businesses, sales, invoices, orders,
 * online stores, products), one list at a time chosen by tab (`/dataset?set=sales`), each with its
 * filters, date range and CSV download; and the deduction template.
 */
export default function DatasetsPage() {
  const [params] = useSearchParams();
  const choice = DATASET_CHOICES.find((candidate) => candidate.set === params.get('set')) ?? DATASET_CHOICES[0]!;
  const status = DATASET_STATUS_OPTIONS[choice.set];
  return (
    <>
      <DatasetTabs choices={DATASET_CHOICES} current={choice.set} />
      <ListPage
        key={choice.set}
        command={choice.command}
        title={`Datasets: ${choice.label}`}
        description={choice.description}
        rowNoun={choice.rowNoun}
        filterOptions={status ? { ...DATASET_FILTER_OPTIONS, status } : DATASET_FILTER_OPTIONS}
        selectable={false}
        actions={<DeductionTemplateButton />}
      />
    </>
  );
}
