export * from './create-client';
export * from './client-error';
export * from './outcome';
export * from './storage';
