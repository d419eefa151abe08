import { viewName } from '@traction/core';

/** What is wrong with a typed view name, in words, before asking the server; null when it will do. */
export function viewNameProblem(name: string): string | null {
  if (viewName.safeParse(name).success) return null;
  const max = viewName.maxLength ?? 60;
  return name.trim() === '' ? 'Type a name for the view.' : `Keep the name to ${max} characters.`;
}
