import { listFieldAgents, FIELD_AGENT_ROLE_WORDS } from '@traction/core';
import { useCommandQuery } from '../list/useCommandQuery';
import type { FieldControlProps } from '../forms/FormParts';

const control =
  'w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500 disabled:opacity-60';

/** The field agent a visit is for, picked by name from the active agents (a native select: arrows and type-ahead work). */
export function AgentIdControl({ value, onChange, attributes }: FieldControlProps) {
  const agents = useCommandQuery(listFieldAgents, { active: true, limit: 100 });
  const chosen = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const items = (agents.data?.items ?? []).filter((agent) => agent.role !== 'CSR');
  return (
    <select {...attributes} className={control} value={chosen} onChange={(event) => onChange(event.target.value)}>
      <option value="">{agents.isPending ? 'Loading agents…' : 'Choose an agent'}</option>
      {items.map((agent) => (
        <option key={agent.id} value={String(agent.id)}>
          {agent.name} · {FIELD_AGENT_ROLE_WORDS[agent.role]} · {agent.stateCode}
        </option>
      ))}
    </select>
  );
}
