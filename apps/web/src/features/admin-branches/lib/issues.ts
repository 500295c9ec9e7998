/** A zod issue as the list editors read it. */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The messages of a list body's check: those about one row's field (`zones.2.fee`) keyed
 * "2.fee", and those about the list as a whole (repeated names, overlaps) in `list`.
 */
export function sortIssues(issues: readonly Issue[]): {
  rows: Record<string, string>;
  list: string[];
} {
  const rows: Record<string, string> = {};
  const list: string[] = [];
  for (const issue of issues) {
    const [, index, field] = issue.path;
    if (typeof index === 'number' && typeof field === 'string')
      rows[`${index}.${field}`] ??= issue.message;
    else if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { rows, list };
}
