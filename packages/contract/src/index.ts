export * from './constants.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './health.ts';
export * from './search.ts';
