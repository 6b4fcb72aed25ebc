import { addMember, createUser, createVendor, insertTestRun, TEST_PASSWORD } from '@automate/server/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markChangelogSeen } from '../support/content.ts';
import { harnessJourneyForFile } from '../support/harness-journey.ts';
import { DESKTOP, openSignedIn } from '../support/shell.ts';

/**
 * A person who belongs to two businesses switches between them from the header (and the phone's
 * drawer), a link naming a business opens it, and a run's times read the same on every page: the
 * business's clock, named when the browser's differs.
 */

const OTHER = 'Second Street Electrical';
const TWO_BUSINESSES = { email: 'two.hats@example.com', password: TEST_PASSWORD };

let otherVendorId: string;
const journey = harnessJourneyForFile(async (h) => {
  // Admin of the harness's business (connected to ServiceM8), User of another (not connected).
  const person = await createUser(h.deps, { email: TWO_BUSINESSES.email, firstName: 'Tui' });
  const other = await createVendor(h.deps, OTHER);
  otherVendorId = other.id;
  await addMember(h.deps, h.team.vendor, person, 'Admin');
  await addMember(h.deps, other, person, 'User');
  return TWO_BUSINESSES;
});

describe('switching business', () => {
  it('lists the businesses with role and connection, switches, remembers it, and follows a link naming one', async () => {
    const { page, baseUrl, h } = journey;
    const current = page.getByTestId('current-vendor-name');
    await current.waitFor();
    // Start on the harness's business, whichever the sign-in chose.
    if ((await current.textContent()) !== 'Harbour Plumbing') {
      await page.goto(`${baseUrl}/app/dashboard?vendor=${h.vendorId}`);
      await expect.poll(() => current.textContent()).toBe('Harbour Plumbing');
    }

    await page.getByRole('button', { name: 'Switch business' }).click();
    const menu = page.getByRole('menu', { name: 'Your businesses' });
    const harbour = menu.getByRole('menuitem', { name: /Harbour Plumbing/ });
    const other = menu.getByRole('menuitem', { name: new RegExp(OTHER) });
    expect(await harbour.textContent()).toContain('Admin · ServiceM8 connected');
    expect(await other.textContent()).toContain('User · ServiceM8 not connected');
    await other.click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await expect.poll(() => current.textContent()).toBe(OTHER);

    // Remembered by this browser.
    await page.reload();
    await expect.poll(() => current.textContent()).toBe(OTHER);

    // A link naming the other business (as the failure emails' do) opens it there, and loses the parameter.
    await page.goto(`${baseUrl}/app/automation/logs?vendor=${h.vendorId}`);
    await page.waitForURL(`${baseUrl}/app/automation/logs`);
    await expect.poll(() => current.textContent()).toBe('Harbour Plumbing');
    // One the person is not a member of changes nothing.
    const stranger = await createVendor(h.deps, 'Not Yours Ltd');
    await page.goto(`${baseUrl}/app/dashboard?vendor=${stranger.id}`);
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await expect.poll(() => current.textContent()).toBe('Harbour Plumbing');
  });

  it('on a phone, switches from the drawer', async () => {
    const { browser, baseUrl } = journey;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await markChangelogSeen(context);
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, TWO_BUSINESSES, '/app/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByTestId('sidebar');
    const before = await drawer.getByTestId('current-vendor-name').textContent();
    const target = before === OTHER ? 'Harbour Plumbing' : OTHER;
    await drawer.getByRole('button', { name: 'Switch business' }).click();
    await page
      .getByRole('menu', { name: 'Your businesses' })
      .getByRole('menuitem', { name: new RegExp(target) })
      .click();
    // The drawer closes on the new business's dashboard; opened again, it names it.
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => page.getByTestId('current-vendor-name').textContent()).toBe(target);
    expect(await page.evaluate(() => window.localStorage.getItem('automate.admin.vendorId'))).toBe(
      target === OTHER ? otherVendorId : journey.h.vendorId,
    );
    await context.close();
  });
});

describe('one clock', () => {
  it('shows a delayed run’s time the same on the dashboard, the Schedule and the list: the business’s, named', async () => {
    const { browser, baseUrl, h } = journey;
    await h.deps.database.db.execute(sql`update vendors set time_zone = 'Pacific/Auckland' where id = ${h.vendorId}`);
    const triggerId = await h.createTrigger({
      name: 'Morning follow-up',
      event: 'JobCompleted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Followed up' } }],
    });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Scheduled', minutesAgo: 1, dueInMinutes: 600 });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Succeeded', minutesAgo: 30 });
    const due = new Date(Math.floor(h.clock.now().getTime() / 60_000) * 60_000 + 600 * 60_000);
    const time = new Intl.DateTimeFormat('en-NZ', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Pacific/Auckland',
      timeZoneName: 'short',
    }).format(due);

    // The browser is in New York: every time names the business's zone.
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await markChangelogSeen(context);
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, { email: h.adminEmail, password: TEST_PASSWORD }, '/app/dashboard');
    const upcoming = page.getByTestId('upcoming-run').filter({ hasText: 'Morning follow-up' });
    await expect.poll(() => upcoming.textContent(), { timeout: 15_000 }).toContain(time);

    await page.goto(`${baseUrl}/app/automation/schedule`);
    await page.getByText(time, { exact: true }).first().waitFor();

    await page.goto(`${baseUrl}/app/automation/search`);
    const row = page.locator('tbody tr').filter({ hasText: 'Morning follow-up' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/(NZDT|NZST)/);
    await context.close();
  });

  it('names the business’s zone in an automation’s history, the activity history and the admin’s page about it, and the reader’s on platform lists', async () => {
    const { browser, baseUrl, h } = journey;
    await h.deps.database.db.execute(sql`update vendors set time_zone = 'Pacific/Auckland' where id = ${h.vendorId}`);
    const triggerId = await h.createTrigger({
      name: 'History on the business’s clock',
      event: 'JobCompleted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Noted' } }],
    });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Succeeded', minutesAgo: 5 });
    const root = await createUser(h.deps, { email: 'root.clock@example.com', superAdmin: true });
    const business = / (NZDT|NZST)$/;

    // The browser is in New York.
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await markChangelogSeen(context);
    const page = await context.newPage();
    const firstWhen = (region: string) =>
      page.getByRole('region', { name: region }).locator('tbody tr').first().locator('td').first();
    await openSignedIn(
      page,
      baseUrl,
      { email: h.adminEmail, password: TEST_PASSWORD },
      `/app/automation/view/${triggerId}`,
    );
    await expect.poll(() => firstWhen('History').textContent(), { timeout: 15_000 }).toMatch(business);
    await page.goto(`${baseUrl}/app/account/activity`);
    await expect.poll(() => firstWhen('Activity').textContent(), { timeout: 15_000 }).toMatch(business);

    const admin = await context.newPage();
    await openSignedIn(admin, baseUrl, { email: root.email, password: TEST_PASSWORD }, `/admin/vendors/${h.vendorId}`);
    const lastActivity = admin.getByText(/^Last activity /);
    await expect.poll(() => lastActivity.textContent(), { timeout: 15_000 }).toMatch(business);
    // A list across the platform is on the reader's clock, and says so.
    await admin.goto(`${baseUrl}/admin/users/search`);
    const joined = admin.locator('tbody tr').first();
    await expect.poll(() => joined.textContent(), { timeout: 15_000 }).toMatch(/GMT-5|EST/);
    await context.close();
  });
});
