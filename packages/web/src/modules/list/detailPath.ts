/** `/permissions-user-by-id/{id}/{firstName}` and a row → `/permissions-user-by-id/7/Ada`. */
export function detailPath(route: string, row: Record<string, unknown>): string {
  return route.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => encodeURIComponent(String(row[key] ?? '')));
}
