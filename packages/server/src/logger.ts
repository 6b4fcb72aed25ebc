import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON lines in production; readable lines when a person watches the terminal during development. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const pretty = !destination && config.nodeEnv === 'development' && process.stdout.isTTY;
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { err: serializeError, error: serializeError },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * pino's error serializer, given an error without the values bound to its queries. pino folds a cause
 * into the message and stack only; it is added as an object too, so PostgreSQL's `code` is logged.
 */
function serializeError(error: unknown): unknown {
  return serializeRedacted(redactError(error), 0);
}

function serializeRedacted(error: unknown, depth: number): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!(error instanceof Error && error.cause instanceof Error) || typeof serialized !== 'object' || depth >= 3) {
    return serialized;
  }
  const { stack: _inParentStack, ...cause } = serializeRedacted(error.cause, depth + 1) as Record<string, unknown>;
  return { ...serialized, cause };
}

/**
 * Properties of query errors that carry the values bound to a query or the row it touched (a password
 * hash, a token, an email): Drizzle's and PGlite's `params`, PostgreSQL's `detail` ("Failing row
 * contains (…)", "Key (email)=(…) already exists").
 */
const VALUE_BEARING_KEYS = new Set(['params', 'detail']);

/**
 * A copy of an error (and of its causes) without the values bound to queries: no `params` or `detail`
 * property, and no "params: …" line in the message and stack, where Drizzle also writes them. The SQL
 * text and PostgreSQL's message and code stay. Anything that is not an Error is returned as it is.
 */
export function redactError(error: unknown): unknown {
  return error instanceof Error ? copyWithoutParams(error, paramLinesOf(error, new Set()), new Map()) : error;
}

/** The "\nparams: …" texts Drizzle put into the messages of an error and its causes. */
function paramLinesOf(error: Error, seen: Set<Error>): string[] {
  if (seen.has(error)) return [];
  seen.add(error);
  const params: unknown = Reflect.get(error, 'params');
  const own = Array.isArray(params) ? [`\nparams: ${params}`] : [];
  const related = [error.cause, ...(error instanceof AggregateError ? error.errors : [])].filter(
    (item): item is Error => item instanceof Error,
  );
  return [...own, ...related.flatMap((item) => paramLinesOf(item, seen))];
}

function copyWithoutParams(error: Error, paramLines: string[], copies: Map<Error, Error>): Error {
  const existing = copies.get(error);
  if (existing) return existing;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error;
  copies.set(error, copy);
  const strip = (text: string) => paramLines.reduce((result, line) => result.split(line).join(''), text);
  const redact = (value: unknown) => (value instanceof Error ? copyWithoutParams(value, paramLines, copies) : value);
  // Defined rather than assigned: an error class may have a getter without a setter of the same name.
  const define = (key: string, value: unknown, enumerable: boolean) =>
    Object.defineProperty(copy, key, { value, enumerable, writable: true, configurable: true });
  define('message', strip(error.message), false);
  if (error.stack !== undefined) define('stack', strip(error.stack), false);
  for (const key of Object.keys(error)) {
    if (!VALUE_BEARING_KEYS.has(key)) define(key, redact(Reflect.get(error, key)), true);
  }
  if (error.cause !== undefined && !Object.hasOwn(copy, 'cause')) define('cause', redact(error.cause), false);
  if (error instanceof AggregateError) define('errors', error.errors.map(redact), false);
  return copy;
}
