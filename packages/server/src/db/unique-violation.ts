/**
 * Whether `error` is PostgreSQL's unique violation (23505) on the named index or constraint.
 * Both drivers (pg and PGlite) report the code and the constraint's name on the error.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
