import { DEMO_TIME_ZONE, SEED_IDS } from '@automate/servicem8-sim';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../src/modules/vendors/vendors.schema.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * A trigger on “A job is scheduled” whose delay counts back from the booking's start: the reminder
 * goes out the day before the visit, through the simulator's bookings and the controllable clock.
 */

let h: AutomationHarness;
/** ServiceM8 writes a booking's start in the account's local time; Automate synced the account's zone. */
const zone = DEMO_TIME_ZONE;
beforeAll(async () => {
  h = await startAutomationHarness();
  const [vendor] = await h.deps.database.db.select().from(vendors).where(eq(vendors.id, h.vendorId));
  expect(vendor?.timeZone).toBe(zone);
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, staff } = SEED_IDS;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A ServiceM8 date and time (the account's local time), `ms` from now, on the minute. */
const localIn = (ms: number) =>
  DateTime.fromMillis(h.clock.now().getTime() + ms, { zone })
    .startOf('minute')
    .toFormat('yyyy-MM-dd HH:mm:ss');
/** The same wall time the day before `local`, in the account's zone (daylight saving included). */
const dayBefore = (local: string) =>
  DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm:ss', { zone }).minus({ days: 1 }).toJSDate();

const reminder = async (text: string) =>
  h.createTrigger({
    name: 'Appointment reminder',
    event: 'JobIsScheduled',
    delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text } }],
  });

const book = (job: string, start: string) =>
  h.change('jobactivity', undefined, {
    job_uuid: job,
    staff_uuid: staff.plumber,
    start_date: start,
    end_date: start.replace(/ (\d{2}):/, (_, hour: string) => ` ${String((Number(hour) + 1) % 24).padStart(2, '0')}:`),
    activity_was_scheduled: 1,
  });

/** Moves the clock on (due runs are dispatched), with a fresh session: days pass in these tests. */
const advance = async (ms: number) => {
  await h.advance(ms);
  await h.renewSession();
};

const notesSaying = (text: string) => h.sim.controls.records('note').filter((note) => note.note === text);

describe('a delay before the booking starts', () => {
  it('makes a booking 3 days ahead due 1 day before it starts, and runs it then', async () => {
    const triggerId = await reminder('Reminder: visit tomorrow (3 days ahead)');
    const start = localIn(3 * DAY);
    await book(jobs.workOrderBlockedSewer, start);
    const [scheduled] = await h.settledRuns(triggerId, 1);
    expect(scheduled?.status).toBe('Scheduled');
    expect(new Date(scheduled?.dueAt ?? 0).toISOString()).toBe(dayBefore(start).toISOString());
    expect(scheduled?.steps[0]?.outcome).toContain('The booking starts ');

    await advance(2 * DAY - 2 * HOUR);
    expect((await h.settledRuns(triggerId, 1))[0]?.status).toBe('Scheduled');
    expect(notesSaying('Reminder: visit tomorrow (3 days ahead)')).toEqual([]);

    await advance(4 * HOUR);
    const [done] = await h.settledRuns(triggerId, 1);
    expect(done?.status).toBe('Succeeded');
    expect(notesSaying('Reminder: visit tomorrow (3 days ahead)')).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });

  it('runs now for a booking sooner than the lead time, and skips one that has already started', async () => {
    const triggerId = await reminder('Reminder: visit soon');
    await book(jobs.workOrderBlockedSewer, localIn(3 * HOUR));
    const [soon] = await h.settledRuns(triggerId, 1);
    expect(soon?.status).toBe('Succeeded');
    expect(notesSaying('Reminder: visit soon')).toHaveLength(1);

    const started = localIn(-HOUR);
    await book(jobs.workOrderBlockedSewer, started);
    const runs = await h.settledRuns(triggerId, 2);
    const late = runs.find((run) => run.id !== soon?.id);
    expect(late?.status).toBe('Skipped');
    expect(late?.reason).toMatch(/^The booking had already started \(.+\), so the run was skipped\.$/);
    expect(notesSaying('Reminder: visit soon')).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });

  it('waits for the new time of a booking moved later, and then runs', async () => {
    const triggerId = await reminder('Reminder: moved visit');
    const booking = await book(jobs.workOrderBlockedSewer, localIn(3 * DAY));
    await h.settledRuns(triggerId, 1);
    const moved = localIn(5 * DAY);
    await h.change('jobactivity', booking, { start_date: moved });

    // The move is seen at once: the run now waits for a day before the new start.
    const [waiting] = await h.settledRuns(triggerId, 1);
    expect(waiting?.status).toBe('Scheduled');
    expect(waiting?.reason).toMatch(/^Waiting: the booking moved to .+, so the run is now due .+\.$/);
    expect(new Date(waiting?.dueAt ?? 0).toISOString()).toBe(dayBefore(moved).toISOString());

    await advance(2 * DAY + 2 * HOUR);
    expect((await h.settledRuns(triggerId, 1))[0]?.status).toBe('Scheduled');
    expect(notesSaying('Reminder: moved visit')).toEqual([]);

    await advance(2 * DAY);
    const [done] = await h.settledRuns(triggerId, 1);
    expect(done?.status).toBe('Succeeded');
    expect(notesSaying('Reminder: moved visit')).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });

  it('brings the reminder forward for a booking moved earlier, and sends it at once when the visit is now sooner than a day', async () => {
    const triggerId = await reminder('Reminder: visit brought forward');
    const first = await book(jobs.workOrderBlockedSewer, localIn(5 * DAY));
    const second = await book(jobs.workOrderBurstPipe, localIn(5 * DAY));
    await h.settledRuns(triggerId, 2);
    const earlier = localIn(2 * DAY);
    await h.change('jobactivity', first, { start_date: earlier });
    await h.change('jobactivity', second, { start_date: localIn(3 * HOUR) });

    const runs = await h.settledRuns(triggerId, 2);
    const waiting = runs.find((run) => run.status === 'Scheduled');
    expect(new Date(waiting?.dueAt ?? 0).toISOString()).toBe(dayBefore(earlier).toISOString());
    expect(runs.map((run) => run.status).sort()).toEqual(['Scheduled', 'Succeeded']);
    expect(notesSaying('Reminder: visit brought forward')).toHaveLength(1);

    await advance(DAY + 2 * HOUR);
    expect((await h.settledRuns(triggerId, 2)).map((run) => run.status)).toEqual(['Succeeded', 'Succeeded']);
    expect(notesSaying('Reminder: visit brought forward')).toHaveLength(2);
    await h.deleteTrigger(triggerId);
  });

  it('skips the run, saying so, when the booking is cancelled before the reminder', async () => {
    const triggerId = await reminder('Reminder: cancelled visit');
    const booking = await book(jobs.workOrderBlockedSewer, localIn(3 * DAY));
    await h.settledRuns(triggerId, 1);
    await h.change('jobactivity', booking, { active: 0 });

    const [run] = await h.settledRuns(triggerId, 1);
    expect(run?.status).toBe('Skipped');
    expect(run?.reason).toBe(
      'The booking was cancelled: it is no longer in the ServiceM8 schedule, so the run was skipped.',
    );
    await advance(2 * DAY + 2 * HOUR);
    expect(notesSaying('Reminder: cancelled visit')).toEqual([]);
    await h.deleteTrigger(triggerId);
  });

  it('says the day and time of the visit as the booking stands when the reminder goes out', async () => {
    const triggerId = await reminder('Visit on {{ booking.date }} at {{ booking.time }}');
    const booking = await book(jobs.workOrderBlockedSewer, localIn(3 * DAY));
    await h.settledRuns(triggerId, 1);
    const moved = localIn(4 * DAY + 5 * HOUR);
    await h.change('jobactivity', booking, { start_date: moved });
    // The move wakes the run to re-time it; the clock may move on only once it waits again.
    await h.settledRuns(triggerId, 1);

    await advance(3 * DAY + 6 * HOUR);
    const [done] = await h.settledRuns(triggerId, 1);
    expect(done?.status, done?.reason ?? '').toBe('Succeeded');
    expect(notesSaying(`Visit on ${visitWords(moved)}`)).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });
});

/** "Tuesday 3 March at 9:30 AM" for `2026-03-03 09:30:00`, the wall time as ServiceM8 wrote it. */
function visitWords(local: string): string {
  const [date = '', time = ''] = local.split(' ');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  ];
  const monthName = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ][month - 1];
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${weekday} ${day} ${monthName} at ${clock}`;
}
