/**
 * The web-status rule of SPEC §4: the status is derived from how many distinct recognised
 * statuses the profile lists (0 none, 1 started, 2 validating, 3 submitted), never stored.
 */
export const webStatuses = ['started', 'validating', 'submitted'] as const;
export type WebStatus = (typeof webStatuses)[number];

const recognised = new Set<string>(webStatuses);

/** The web status a profile's `web_status` list stands for, or null when it lists none. */
export function webStatusOf(
  entries: ReadonlyArray<{ web_status?: string | null }> | null | undefined,
): WebStatus | null {
  const distinct = new Set<string>();
  for (const entry of entries ?? []) {
    const status = entry?.web_status;
    if (typeof status === 'string' && recognised.has(status)) distinct.add(status);
  }
  return distinct.size === 0 ? null : webStatuses[distinct.size - 1]!;
}

/** The status a submit moves to from the current one (started → validating), else unchanged. */
export function statusOnSubmit(status: WebStatus | null): WebStatus | null {
  return status === 'started' ? 'validating' : status;
}

/** Field errors and the error summary show only while validating (SPEC §4). */
export const showsErrors = (status: WebStatus | null): boolean => status === 'validating';
