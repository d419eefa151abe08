export * from './naira';
export * from './date-range';
export * from './date-input';
export * from './serial';
export * from './lagos';
export * from './tags';
export * from './safe-file-name';
