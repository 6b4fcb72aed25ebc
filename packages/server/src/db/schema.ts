/**
 * The database schema, one module per domain, listed here explicitly.
 * drizzle-kit reads this file to generate migrations into ../../drizzle.
 */
export * from '../modules/system/system.schema.ts';
