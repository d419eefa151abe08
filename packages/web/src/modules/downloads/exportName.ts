/** An export's list as people say it at the start of a sentence: `sales` → `Sales`. */
export const exportName = (file: { title: string }): string => file.title.charAt(0).toUpperCase() + file.title.slice(1);
