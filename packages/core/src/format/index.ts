export * from './naira';
export * from './date-range';
export * from './serial';
