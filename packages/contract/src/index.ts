export * from './accounts.ts';
export * from './constants.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './health.ts';
export * from './mail.ts';
export * from './public.ts';
export * from './search.ts';
