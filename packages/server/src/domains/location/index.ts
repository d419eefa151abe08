import type { Implementation } from '../../handling/implement';
import { listStatesHandler } from './location.handlers';

export const locationImplementations: readonly Implementation[] = [listStatesHandler];
