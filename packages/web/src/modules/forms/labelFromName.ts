/** `departmentIds` → "Department IDs", `user_id` → "User ID", `startdatetime` → "Start date". */
export function labelFromName(name: string): string {
  const bound = /^(start|end)(date)?(time)?$/i.exec(name);
  if (bound) return `${bound[1]!.toLowerCase() === 'start' ? 'Start' : 'End'} date`;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((word) => word.toLowerCase())
    .map((word) => (word === 'id' ? 'ID' : word === 'ids' ? 'IDs' : word));
  const first = words[0] ?? '';
  words[0] = first === 'ID' || first === 'IDs' ? first : first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}
