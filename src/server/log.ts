/**
 * The server's one logger (pino): JSON lines on stdout at LOG_LEVEL. Expected refusals are one `info` or
 * `warn` line without a stack; only unexpected errors carry one (`logUnexpected`). Control characters in
 * strings are escaped by JSON encoding, so a crafted value cannot forge log lines.
 *
 * Runs under plain Node too (scripts/serve.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import { pino, type Logger } from 'pino';
import { getConfig } from './config.ts';

let root: Logger | undefined;

export function getLogger(): Logger {
  root ??= pino({
    level: getConfig().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return root;
}

/** A child logger naming the part of the server that writes, e.g. `log('auth').warn(...)`. */
export function log(component: string): Logger {
  return getLogger().child({ component });
}

/** An error nobody expected: logged with its stack (pino's `err` serializer). */
export function logUnexpected(component: string, message: string, error: unknown): void {
  log(component).error({ err: error }, message);
}
