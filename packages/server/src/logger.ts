import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON lines in production; readable lines when a person watches the terminal during development. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
