// Apart from enums.ts, whose schemas bring zod: the web app's dashboard counts runs before it loads zod.

/** The life of a trigger run. */
export const RUN_STATUSES = ['Scheduled', 'Running', 'Succeeded', 'Failed', 'Skipped', 'Cancelled'] as const;
