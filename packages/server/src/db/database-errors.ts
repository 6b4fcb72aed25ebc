/**
 * Whether an error means the database cannot be reached or is not taking work now (stopped,
 * restarting, out of connections), as opposed to a statement it refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL: connection exceptions (class 08), shutting down or starting (57P01–57P03), too many connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  }
  if (
    /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
      error.message,
    )
  ) {
    return true;
  }
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}
