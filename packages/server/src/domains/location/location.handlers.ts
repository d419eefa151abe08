import { listStates, NIGERIAN_STATES } from '@traction/core';
import { implement } from '../../handling/implement';

export const listStatesHandler = implement(listStates, async () => ({ items: NIGERIAN_STATES.map((s) => ({ ...s })) }));
