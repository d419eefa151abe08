import type { Implementation } from '../../http/implement';
import { listStatesHandler } from './location.handlers';

export const locationImplementations: readonly Implementation[] = [listStatesHandler];
