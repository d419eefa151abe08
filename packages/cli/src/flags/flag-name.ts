/** `user_id` → `user-id`, `firstName` → `first-name`. */
export const toFlag = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
