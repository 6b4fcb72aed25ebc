/** The fields the Logs page sorts the runs search by (`useRunSearch` in `lib/runs/`; it also filters by triggerId). */
export const RUN_SORT_FIELDS = [
  'createdAt',
  'dueAt',
  'startedAt',
  'finishedAt',
  'status',
  'triggerName',
  'jobNumber',
  'event',
] as const;
