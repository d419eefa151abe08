import { listStates, NIGERIAN_STATES } from '@traction/core';
import { implement } from '../../http/implement';

export const listStatesHandler = implement(listStates, async () => ({ items: NIGERIAN_STATES.map((s) => ({ ...s })) }));
