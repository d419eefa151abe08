import { createStore } from 'jotai';

/** The one jotai store: shared by React and by the client's failure handling outside React. */
export const appStore = createStore();
