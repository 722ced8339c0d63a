import {
  CALENDAR_COLOURS,
  MESSAGES,
  deleteEventConfirm,
  eventSavedTo,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { DEMO } from '../fixtures/fixtures';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { signInViaApi } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The unified calendar (issue 11): the demo attorney's Sentinel, Google and Outlook calendars on
 * one screen; an event made in the dialog lands on all three; the popover; deleting; a reminder
 * arriving in the app.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('[CALENDAR] an attorney sees all three calendars, creates an event on each from the dialog, opens and deletes it', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.attorney);
  await page.goto('/calendar');
  await expectScreen(page, 'Calendar');
  await expect(toast(page, CALENDAR_MESSAGES.calendarsLoaded)).toBeVisible({ timeout: 30_000 });
  const legend = page.getByRole('list', { name: 'Calendars' });
  for (const name of ['Google Calendar', 'Outlook Calendar', 'Sentinel Calendar'])
    await expect(legend.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  // The demo has events on every calendar within the first weeks (the legend counts the range shown).
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  for (const name of ['Google Calendar', 'Outlook Calendar', 'Sentinel Calendar'])
    await expect(legend.getByRole('listitem').filter({ hasText: name })).toContainText(/[1-9]\d* events?/);
  await expectAccessible(page, 'Calendar, month, 1440 px');
  await saveScreenshot(page, 'calendar-month-1440');

  // New Event: a deposition, the suggested title, a case, two attendees, two reminders, all three calendars.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Calendar Event/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Event Type' }).selectOption('deposition');
  await dialog.getByRole('combobox', { name: 'Related Case' }).selectOption({ index: 1 });
  const caseLabel =
    (await dialog.getByRole('combobox', { name: 'Related Case' }).locator('option:checked').textContent()) ??
    '';
  const caseTitle = caseLabel.split(' — ').at(-1)!.trim();
  const title = `Deposition - ${caseTitle}`;
  await dialog
    .getByRole('button', { name: new RegExp(`^Use .${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.$`) })
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Event Title' })).toHaveValue(title);
  const attendees = dialog.getByRole('textbox', { name: 'Attendees' });
  await attendees.fill('reporter@esquire.example');
  await attendees.press('Enter');
  await attendees.fill('engineer@structural.example,');
  await expect(dialog.getByRole('list', { name: 'Attendees added' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add reminder' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Reminder 2' })).toHaveValue('30 minutes before');
  await expect(dialog.getByRole('combobox', { name: 'Reminder 1' })).toHaveValue('15 minutes before');
  for (const name of ['Sentinel Calendar', 'Google Calendar', 'Outlook Calendar'])
    await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  await expectAccessible(page, 'Create Calendar Event dialog, 1440 px');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(
    toast(page, eventSavedTo(['Sentinel Calendar', 'Google Calendar', 'Outlook Calendar'])),
  ).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // Reloaded after 1 s: on the week view three times, in each calendar's colour.
  const placed = page.locator('.fc-event').filter({ hasText: title });
  await expect(placed).toHaveCount(3, { timeout: 15_000 });
  const colours = await placed.evaluateAll((nodes) =>
    nodes.map((node) => getComputedStyle(node as HTMLElement).backgroundColor),
  );
  expect(colours.sort()).toEqual(
    [CALENDAR_COLOURS.google, CALENDAR_COLOURS.microsoft, CALENDAR_COLOURS.sentinel].map(rgb).sort(),
  );
  await saveScreenshot(page, 'calendar-week-1440');

  // The list view has them too.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.locator('.fc-list-event').filter({ hasText: title })).toHaveCount(3);
  await page.getByRole('button', { name: 'Week', exact: true }).click();

  // The popover of Sentinel's copy: the attendees, then delete with the spec's confirmation.
  // By keyboard: the event is a focusable link, Enter opens its popover.
  await page.locator('.fc-event.calendar-source-sentinel', { hasText: title }).focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: title });
  await expect(popover).toBeVisible();
  await expect(popover.getByText('reporter@esquire.example')).toBeVisible();
  await expect(popover.getByText('engineer@structural.example')).toBeVisible();
  await expectAccessible(page, 'Event popover, 1440 px');
  await popover.getByRole('button', { name: 'Delete event' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: MESSAGES.confirmTitle }));
  await expect(confirm.getByText(deleteEventConfirm(title))).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, CALENDAR_MESSAGES.eventDeleted)).toBeVisible();
  await expect(placed).toHaveCount(2, { timeout: 15_000 });
});

test('[CALENDAR] a reminder arrives in the app at its time', async ({ page }) => {
  const { accessToken: token } = await signInViaApi(page, DEMO.attorney);
  await page.goto('/calendar');
  await expectScreen(page, 'Calendar');
  // An event 15 minutes and a few seconds from now, reminded 15 minutes before: due in seconds.
  const start = new Date(Date.now() + 15 * 60_000 + 5_000);
  const created = await page.request.post('/api/calendar/events/sentinel', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Call the carrier about the appraisal',
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      reminders: ['15 minutes before'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The bell hears of it live (the demo's unread messages are there already): its count grows
  // without a reload once the reminder is delivered.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const unread = async () =>
    Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const asked = await page.request.get('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  const before = ((await asked.json()) as { unread: number }).unread;
  await expect.poll(unread, { timeout: 60_000 }).toBeGreaterThan(before);
  await bell.click();
  await expect(page.getByText('Call the carrier about the appraisal starts in 15 minutes')).toBeVisible();
  await saveScreenshot(page, 'calendar-reminder-notification');
  await page.keyboard.press('Escape');

  // On a phone: the week's list, no sideways scroll, accessible.
  await setScreen(page, 375);
  await page.goto('/calendar');
  await expectScreen(page, 'Calendar');
  await expect(page.locator('.fc-list, .fc-list-empty').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page, 375, 'calendar 375 px');
  await expectAccessible(page, 'Calendar, 375 px');
  await saveScreenshot(page, 'calendar-375', true);
});
