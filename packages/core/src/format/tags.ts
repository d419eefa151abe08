/** A tag as text: a named object (a department `{ id, name }`) by its name, anything else as it is. */
export function tagText(tag: unknown): string {
  return typeof tag === 'object' && tag !== null && 'name' in tag ? String(tag.name) : String(tag);
}
