import type { z } from 'zod';
import type { AnyCommand } from '../../command';
import { coerceTextInput } from '../../coerce';
import type { FieldIssue } from '../../errors';
import { LIST_PAGING_FIELDS } from '../../list';

/** Zod's stock wording in the words the API's other 400s use; messages written in the contract are kept. */
function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_type':
      return issue.expected === 'boolean' ? 'must be true or false' : issue.expected === 'number' || issue.expected === 'int' ? 'must be a number' : undefined;
    case 'too_big':
      return issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string' ? `must be at least ${issue.minimum} characters` : `must be at least ${issue.minimum}`;
    default:
      return undefined;
  }
}

/**
 * Why a list would refuse these filters, each issue naming `filters.<key>`; empty when it takes
 * them. The text is read as the page reads its URL (numbers, true/false, days), then checked by
 * the list's own input schema, refinements included, so a saved view never holds a filter its
 * list would refuse. Fields the view leaves out are not asked for: the page may fix them.
 */
export function viewFilterIssues(list: AnyCommand, filters: Readonly<Record<string, string>>): FieldIssue[] {
  const shape = list.input.shape as Record<string, z.ZodType>;
  const issues: FieldIssue[] = [];
  const given: Record<string, string> = {};
  for (const [key, text] of Object.entries(filters)) {
    if (key in shape && !LIST_PAGING_FIELDS.has(key)) given[key] = text;
    else issues.push({ field: `filters.${key}`, message: `is not a filter of this list (${list.id})` });
  }
  const parsed = list.input.safeParse(coerceTextInput(list.input, given), { error: plainMessage });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const head = issue.path[0];
      if (head === undefined) issues.push({ field: 'filters', message: issue.message });
      else if (typeof head === 'string' && head in given) issues.push({ field: `filters.${head}`, message: issue.message });
    }
  }
  return issues;
}
