import type { Simulator } from '@automate/servicem8-sim';

/**
 * An `edit_date` one second after the newest job in the simulator, in ServiceM8's
 * `YYYY-MM-DD HH:MM:SS`: jobs seeded with it are listed by the next reconciliation (seeding sends no
 * webhook), which takes their snapshots.
 */
export function editDateAfterNewestJob(sim: Simulator): string {
  const newest = sim.controls
    .records('job')
    .map((job) => String(job.edit_date))
    .reduce((max, date) => (date > max ? date : max), '');
  return new Date(Date.parse(`${newest.replace(' ', 'T')}Z`) + 1000).toISOString().slice(0, 19).replace('T', ' ');
}
