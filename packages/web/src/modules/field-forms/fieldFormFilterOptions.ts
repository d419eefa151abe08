import { FIELD_FORM_KIND_WORDS, FIELD_FORM_KINDS, NIGERIAN_STATES, SIM_ACTION_WORDS, SIM_ACTIONS, SIM_NETWORK_WORDS, SIM_NETWORKS } from '@traction/core';

/** The choices of the lists of field forms, in the words the tables use: states by name, kinds, SIM actions and networks. */
export const FIELD_FORM_FILTER_OPTIONS = {
  stateCode: NIGERIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
  kind: FIELD_FORM_KINDS.map((kind) => ({ value: kind, label: FIELD_FORM_KIND_WORDS[kind] })),
  simAction: SIM_ACTIONS.map((action) => ({ value: action, label: SIM_ACTION_WORDS[action] })),
  simNetwork: SIM_NETWORKS.map((network) => ({ value: network, label: SIM_NETWORK_WORDS[network] })),
};
