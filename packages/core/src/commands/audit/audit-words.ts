import { isPermission, PERMISSIONS } from '../../permissions';
import { said } from './audit-description';

/** Permissions in an audit sentence: by their labels, quoted, up to three; beyond, how many. */
export function permissionWords(value: unknown): string {
  const ids = (Array.isArray(value) ? value : [value]).map(said).filter((id) => id !== '');
  if (ids.length === 0) return 'permissions';
  if (ids.length > 3) return `${ids.length} permissions`;
  const labels = ids.map((id) => `“${isPermission(id) ? PERMISSIONS[id].label : id}”`);
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** An enum value in a sentence: `super_admin` → `super admin`, `FROZEN` → `frozen`; acronyms kept (`PND`). */
export function enumWords(value: unknown): string {
  const text = said(value);
  return /^[A-Z]{2,4}$/.test(text) ? text : text.replace(/[_-]+/g, ' ').toLowerCase();
}
