import { listSavingsWaitlist, NIGERIAN_STATES, SAVINGS_PLAN_WORDS, SAVINGS_PLANS, WAITLIST_SOURCE_WORDS, WAITLIST_SOURCES } from '@traction/core';
import { ListPage } from '../list/ListPage';

const OPTIONS = {
  plan: SAVINGS_PLANS.map((plan) => ({ value: plan, label: SAVINGS_PLAN_WORDS[plan] })),
  source: WAITLIST_SOURCES.map((source) => ({ value: source, label: WAITLIST_SOURCE_WORDS[source] })),
  stateCode: NIGERIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
};

/** Savings Waitlist: the people waiting for savings, by when they joined, plan, source and state; searchable and downloadable. */
export default function SavingsWaitlistPage() {
  return (
    <ListPage
      command={listSavingsWaitlist}
      title="Savings Waitlist"
      description="People who asked to be told when savings opens, newest first: the plan they want, what they expect to save each month, and the merchant they are, if any. Search by name, email or phone number."
      rowNoun={{ one: 'person', other: 'people' }}
      filterOptions={OPTIONS}
      selectable={false}
    />
  );
}
