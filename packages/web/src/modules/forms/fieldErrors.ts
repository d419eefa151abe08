/** A failing part of the input, from zod (`path`) or from the server's 400 (`field`, dotted). */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

export interface FieldErrors {
  /** The first message for each visible field. */
  fields: Record<string, string>;
  /** Messages about parts of the input the form does not show (fixed values, cross-field rules). */
  others: string[];
}

/**
 * Puts each issue under the visible field it names (the first segment of its path), so an
 * issue about `device.deviceId` shows under `device`. Issues about fields the form does not
 * show are kept, with their path, for the form as a whole.
 */
export function fieldErrors(issues: readonly InputIssue[], visible: ReadonlySet<string>): FieldErrors {
  const result: FieldErrors = { fields: {}, others: [] };
  for (const issue of issues) {
    const head = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (head && visible.has(head)) {
      result.fields[head] ??= issue.message;
    } else {
      const where = issue.path.map(String).join('.');
      result.others.push(where ? `${where}: ${issue.message}` : issue.message);
    }
  }
  return result;
}

/** The server's `details.fields` (`{ field: 'a.b', message }`) as issues. */
export const serverIssues = (fields: readonly { field: string; message: string }[] | undefined): InputIssue[] =>
  (fields ?? []).map((issue) => ({ path: issue.field.split('.'), message: issue.message }));
