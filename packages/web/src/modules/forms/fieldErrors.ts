import { labelFromName } from './labelFromName';

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
      const where = issue.path
        .filter((segment): segment is string => typeof segment === 'string' && !/^\d+$/.test(segment))
        .map(labelFromName)
        .join(' · ');
      result.others.push(fieldSentence(where, issue.message) ?? issue.message);
    }
  }
  return result;
}

/** The server's `details.fields` (`{ field: 'a.b', message }`) as issues. */
export const serverIssues = (fields: readonly { field: string; message: string }[] | undefined): InputIssue[] =>
  (fields ?? []).map((issue) => ({ path: issue.field.split('.'), message: issue.message }));

/** Messages that read on from a field's name: "is required", "must be a valid email address". */
const READS_ON = /^(is|are|must|should|has|have|needs?|cannot|can't|does|do|was|were|may|contains?|already|looks)\b/;

/**
 * An issue as a sentence naming its field, so it stands on its own where it is read out or
 * listed: "Email must be a valid email address", "IDs: admin 8 does not exist". A label's
 * aside in brackets ("Mark as fraud (untick to clear)") is left out.
 */
export function fieldSentence(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!label) return message;
  const name = label.replace(/\s*\(.*\)\s*$/, '');
  if (message.toLowerCase().startsWith(name.toLowerCase())) return message.charAt(0).toUpperCase() + message.slice(1);
  return READS_ON.test(message) ? `${name} ${message}` : `${name}: ${message}`;
}
