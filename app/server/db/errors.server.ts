/**
 * What a failed write means, read from PostgreSQL's SQLSTATE. PGlite and node-postgres both put it
 * on `code`; Drizzle wraps the driver's error and keeps the original as `cause`.
 */
function sqlState(error: unknown): string | undefined {
  const withCode = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = withCode?.code ?? withCode?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** SQLSTATE 23505: the write broke a unique constraint. */
export function isUniqueViolation(error: unknown) {
  return sqlState(error) === "23505";
}
