import { listFeatures, listMerchants, NIGERIAN_STATES, signupMerchant } from '@traction/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';

const STATE_OPTIONS = NIGERIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

/** Every merchant, searchable by the start of the name or email, with New merchant (signup). */
export default function MerchantsPage() {
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const types = useCommandQuery(listFeatures, { category: 'BUSINESS_TYPES' });
  const typeItems = types.data?.items;
  const filterOptions = useMemo(
    () => ({ state: STATE_OPTIONS, ...(typeItems ? { category: typeItems.map((type) => ({ value: type.code, label: type.label })) } : {}) }),
    [typeItems],
  );
  const mayCreate = allowed(signupMerchant);
  const signUp = () =>
    open({
      command: signupMerchant,
      onDone: (output) => navigate(`/merchants/${output.business.id}`),
    });
  useShortcut('n', 'New merchant', signUp, { enabled: mayCreate });

  return (
    <ListPage
      command={listMerchants}
      title="Merchants"
      description="Search by the start of a business name or email."
      rowNoun={{ one: 'merchant', other: 'merchants' }}
      filterOptions={filterOptions}
      actions={
        mayCreate ? (
          <Button variant="primary" data-testid="new-merchant" onClick={signUp}>
            New merchant
          </Button>
        ) : undefined
      }
    />
  );
}
