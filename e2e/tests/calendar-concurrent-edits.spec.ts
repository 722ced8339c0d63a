import type { Browser, Page } from '@playwright/test';
import { CALENDAR_MESSAGES } from '@sentinel/shared';
import { DEMO } from '../fixtures/fixtures';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, screenOf } from '../support/layout';
import { signInViaApi } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Reference row 46 (the cal.com pattern): the same event edited in two browsers at once. The first
 * save wins; the second is refused with a clear message and the dialog shows the event as it is
 * now, so nothing is overwritten silently and the second person can apply their change again.
 */

test.describe.configure({ timeout: 180_000 });

async function signedIn(browser: Browser, width: number): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: screenOf(width) });
  const page = await context.newPage();
  const { accessToken } = await signInViaApi(page, DEMO.attorney);
  return { page, token: accessToken };
}

/** Opens the event's edit dialog from its popover on the day view of `date`. */
async function openEditDialog(page: Page, date: string, title: string) {
  await page.goto(`/calendar?view=day&date=${date}`);
  await expectScreen(page, 'Calendar');
  const event = page.locator('.fc-event.calendar-source-sentinel', { hasText: title });
  await expect(event).toBeVisible({ timeout: 30_000 });
  await event.click();
  const popover = page.getByRole('dialog', { name: title });
  await popover.getByRole('button', { name: 'Edit event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Calendar Event' });
  await expect(dialog.getByRole('textbox', { name: 'Event Title' })).toHaveValue(title);
  return dialog;
}

test('[CALENDAR] two browsers edit the same event: the first save wins, the second is told and sees the current event', async ({
  browser,
}) => {
  // A laptop and a phone.
  const first = await signedIn(browser, 1440);
  const second = await signedIn(browser, 375);

  // An evening hearing six weeks ahead, away from the demo's events.
  const day = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
  // 19:00 in New York is after midnight UTC.
  const dayAfter = new Date(Date.now() + 43 * 86_400_000).toISOString().slice(0, 10);
  const title = `Hearing on the motion to compel ${Date.now()}`;
  const created = await first.page.request.post('/api/calendar/events/sentinel', {
    headers: { authorization: `Bearer ${first.token}` },
    data: {
      title,
      location: 'Courtroom 4B',
      start: `${day}T19:00`,
      end: `${day}T20:00`,
      timeZone: 'America/New_York',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Both open the same event's edit dialog.
  const firstDialog = await openEditDialog(first.page, day, title);
  await expectAccessible(first.page, 'Edit Calendar Event dialog, 1440 px');
  await saveScreenshot(first.page, 'calendar-edit-1440');
  const secondDialog = await openEditDialog(second.page, day, title);

  // The first saves.
  const firstTitle = `${title} (moved to Courtroom 1A)`;
  await firstDialog.getByRole('textbox', { name: 'Event Title' }).fill(firstTitle);
  await firstDialog.getByRole('textbox', { name: 'Location' }).fill('Courtroom 1A');
  await firstDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(first.page, CALENDAR_MESSAGES.eventUpdated)).toBeVisible();
  await expect(firstDialog).toBeHidden();

  // The second, unaware, saves their own change: refused, with the message, and the dialog now
  // shows what the first saved.
  const secondTitle = `${title} (adjourned)`;
  await secondDialog.getByRole('textbox', { name: 'Event Title' }).fill(secondTitle);
  await secondDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(secondDialog.getByRole('alert')).toHaveText(CALENDAR_MESSAGES.eventChangedElsewhere);
  await expect(secondDialog.getByRole('textbox', { name: 'Event Title' })).toHaveValue(firstTitle);
  await expect(secondDialog.getByRole('textbox', { name: 'Location' })).toHaveValue('Courtroom 1A');
  await expectAccessible(second.page, 'Edit Calendar Event dialog after a refused save, 375 px');
  await expectNoSidewaysScroll(second.page, 375, 'Edit Calendar Event dialog, 375 px');
  await saveScreenshot(second.page, 'calendar-edit-conflict-375');

  // The server kept the first change only.
  const stored = await second.page.request.get(
    `/api/calendar/events/sentinel?start=${day}T00:00:00Z&end=${dayAfter}T23:59:59Z`,
    { headers: { authorization: `Bearer ${second.token}` } },
  );
  const events = ((await stored.json()) as { data: Array<{ title: string; location: string }> }).data;
  expect(events.filter((event) => event.title.startsWith(title))).toEqual([
    expect.objectContaining({ title: firstTitle, location: 'Courtroom 1A' }),
  ]);

  // Having seen it, the second applies their change again: now it saves.
  await secondDialog.getByRole('textbox', { name: 'Event Title' }).fill(secondTitle);
  await secondDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(second.page, CALENDAR_MESSAGES.eventUpdated)).toBeVisible();
  await expect(second.page.locator('.fc-event', { hasText: secondTitle })).toBeVisible();

  // The first browser's stale copy cannot delete it unseen either.
  await first.page.locator('.fc-event.calendar-source-sentinel', { hasText: firstTitle }).click();
  await first.page
    .getByRole('dialog', { name: firstTitle })
    .getByRole('button', { name: 'Delete event' })
    .click();
  await first.page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(first.page, CALENDAR_MESSAGES.eventChangedBeforeDelete)).toBeVisible();
  await expect(first.page.locator('.fc-event', { hasText: secondTitle })).toBeVisible();

  await first.page.context().close();
  await second.page.context().close();
});
