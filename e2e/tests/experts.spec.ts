import { EXPERT_MESSAGES, type MyExpertResponse } from '@sentinel/shared';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../fixtures/fixtures';
import { ok } from '../support/api';
import { expectNoPlaceholders, expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { waitForMail } from '../support/outbox';
import { signInViaApi, signUpViaApi, uniqueEmail } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The Expert Witness Directory (issue 13): the demo firm's directory searched and filtered; a new
 * firm adds an expert and engages them on a case (invited by e-mail onto the case team), marks the
 * report received; an expert witness keeps their own availability.
 */

test.describe.configure({ timeout: 180_000 });

const DEMO_EXPERT = { email: 'expert@demo.test', password: DEMO_PASSWORD };
const cards = (page: Page) => page.getByRole('list', { name: 'Experts' }).getByRole('listitem');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('[EXPERTS] the demo directory: cards, search by name, specialty or firm, specialty filter', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.attorney);
  await page.goto('/experts');
  await expectScreen(page, EXPERT_MESSAGES.title);
  await expect(cards(page)).toHaveCount(8);
  const kowalski = card(page, 'Dana Kowalski');
  await expect(kowalski).toContainText('Structural Engineering');
  await expect(kowalski).toContainText('Kowalski Engineering');
  await expect(kowalski).toContainText('$425.00 / hour');
  // Spec §4: Available green, Busy… yellow, anything else red.
  await expect(card(page, 'Dr. Helen Cho').getByText('Available', { exact: true })).toHaveClass(/emerald/);
  await expect(card(page, 'Marcus Bell').getByText('Busy until next month')).toHaveClass(/amber/);
  await expect(card(page, 'Sarah Whitfield').getByText('Unavailable')).toHaveClass(/red/);
  await expectNoPlaceholders(page);
  await expectAccessible(page, '/experts at 1440 px');
  await saveScreenshot(page, 'experts-1440', true);

  const search = page.getByRole('searchbox', { name: 'Search experts' });
  await search.fill('forensics');
  await expect(page).toHaveURL(/search=forensics/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, 'Marcus Bell')).toBeVisible();
  await search.fill('');
  await page.getByRole('combobox', { name: 'Specialty' }).selectOption('Water Damage Specialist');
  await expect(page).toHaveURL(/specialty=Water\+Damage\+Specialist/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, 'Dr. Helen Cho')).toBeVisible();
  await search.fill('kowalski');
  await expect(page.getByRole('heading', { name: EXPERT_MESSAGES.noExperts })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(cards(page)).toHaveCount(8);

  // The profile: the cases Dana Kowalski is engaged on, with report due dates.
  await card(page, 'Dana Kowalski')
    .getByRole('link', { name: /View Profile/ })
    .click();
  await expectScreen(page, 'Dana Kowalski');
  const engagements = page.getByRole('list', { name: 'Cases engaged on' }).getByRole('listitem');
  await expect(engagements).toHaveCount(3);
  await expect(engagements.filter({ hasText: 'Hernandez Kitchen Fire' })).toContainText('Report received');
  await expect(engagements.filter({ hasText: 'Ellis Residence – Water Damage' })).toContainText('Report due');
  await expectAccessible(page, 'an expert’s profile at 1440 px');

  await setScreen(page, 375);
  await page.goto('/experts');
  await expect(cards(page)).toHaveCount(8);
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, '/experts at 375 px');
  await saveScreenshot(page, 'experts-375', true);
});

test('[EXPERTS] an attorney adds an expert and engages them on a case: invited onto the case team', async ({
  page,
}) => {
  const attorney = await signUpViaApi(page, 'attorney');
  const login = await ok<{ token: string }>(
    await page.request.post('/api/auth/login', {
      data: { email: attorney.email, password: attorney.password },
    }),
    'sign in the new attorney',
  );
  const auth = { Authorization: `Bearer ${login.token}` };
  const client = await ok<{ data: { id: string } }>(
    await page.request.post('/api/client/new', {
      headers: auth,
      data: { firstName: 'Rosa', lastName: 'Diaz', email: uniqueEmail('client'), phone: '+1 305 555 0199' },
    }),
    'a client',
  );
  const opened = await ok<{ data: { id: string; caseNumber: string } }>(
    await page.request.post('/api/cases', {
      headers: auth,
      data: { title: 'Diaz Roof Collapse', clientId: client.data.id },
    }),
    'a case',
  );

  await page.goto('/experts');
  await expectScreen(page, EXPERT_MESSAGES.title);
  // A new firm's directory is empty, and says how to fill it.
  await expect(page.getByRole('heading', { name: EXPERT_MESSAGES.noExperts })).toBeVisible();
  await expect(page.getByText(EXPERT_MESSAGES.noExpertsHint)).toBeVisible();

  const expertEmail = uniqueEmail('expert');
  await page.getByRole('button', { name: 'Add Expert' }).click();
  const add = page.getByRole('dialog', { name: 'Add Expert' });
  await add.getByRole('button', { name: 'Add Expert' }).click();
  await expect(add.getByText(EXPERT_MESSAGES.nameRequired)).toBeVisible();
  await add.getByLabel(/^Name/).fill('Dr. Ada Park');
  await add.getByLabel(/^Specialty/).fill('Structural Engineering');
  await add.getByLabel(/^Credentials/).fill('PE, SE');
  await add.getByLabel(/^Firm/).fill('Park Forensic Engineering');
  await add.getByLabel(/^Hourly rate/).fill('425.50');
  await add.getByLabel(/^Email/).fill(expertEmail);
  await add.getByRole('button', { name: 'Add Expert' }).click();
  await expect(toast(page, EXPERT_MESSAGES.created)).toBeVisible();
  await expectScreen(page, 'Dr. Ada Park');
  await expect(page.getByText('$425.50')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not engaged on any case yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Engage on case' }).click();
  const engage = page.getByRole('dialog', { name: 'Engage Dr. Ada Park on a case' });
  await expect(engage).toContainText(`They are invited by e-mail (${expertEmail})`);
  await engage.getByLabel(/^Case/).selectOption({ label: `${opened.data.caseNumber} — Diaz Roof Collapse` });
  await engage.getByLabel(/^Report due/).fill('2031-04-15');
  await engage.getByLabel(/^Scope/).fill('Cause of the roof truss failure');
  await expectAccessible(page, 'the engage dialog at 1440 px');
  await saveScreenshot(page, 'experts-engage-dialog-1440');
  await engage.getByRole('button', { name: 'Engage on case' }).click();
  await expect(toast(page, EXPERT_MESSAGES.engagedInvited)).toBeVisible();
  await expect(engage).toBeHidden();

  const row = page.getByRole('list', { name: 'Cases engaged on' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Diaz Roof Collapse');
  await expect(row).toContainText('Report due Apr 15, 2031');
  await expect(row).toContainText('Cause of the roof truss failure');
  await expect(row).not.toContainText('Not on the case team');
  // The expert got the case team's invitation, with a temporary password.
  const mail = await waitForMail(expertEmail, `${attorney.companyName} added you to a case in Sentinel`);
  expect(mail).toContain('Temporary password');
  // And is on the case's team as its expert witness.
  const team = await ok<{ data: { members: Array<{ email: string; role: string }> } }>(
    await page.request.get(`/api/cases/${opened.data.id}`, { headers: auth }),
    'the case',
  );
  expect(team.data.members).toEqual([expect.objectContaining({ email: expertEmail, role: 'expert' })]);
  await expect(page.getByText('Linked: they keep their own availability')).toBeVisible();

  await row.getByRole('button', { name: /Mark report received/ }).click();
  await expect(toast(page, EXPERT_MESSAGES.reportReceived)).toBeVisible();
  await expect(row).toContainText('Report received');
  await expectAccessible(page, 'an expert’s profile after engaging, at 1440 px');
  await saveScreenshot(page, 'expert-profile-1440', true);

  await setScreen(page, 375);
  await page.reload();
  await expectScreen(page, 'Dr. Ada Park');
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'an expert’s profile at 375 px');
  await saveScreenshot(page, 'expert-profile-375', true);

  // Engaged on a case: deleting is refused with the reason, and nothing changes.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Dr. Ada Park?' });
  await expect(confirm).toContainText(EXPERT_MESSAGES.engagedOnCases(1));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText(EXPERT_MESSAGES.engagedOnCases(1))).toHaveCount(2);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
});

test('[EXPERTS] an expert witness keeps their own availability in Settings', async ({ page, api }) => {
  await signInViaApi(page, DEMO_EXPERT);
  await page.goto('/settings?tab=availability');
  await expectScreen(page, 'Settings');
  const field = page.getByRole('combobox', { name: /^Availability/ });
  await expect(field).toHaveValue('Available');
  await field.fill('Busy until the 30th');
  await page.getByRole('button', { name: 'Save Availability' }).click();
  await expect(toast(page, EXPERT_MESSAGES.availabilitySaved)).toBeVisible();
  await expect(page.getByText('Busy until the 30th', { exact: true })).toHaveClass(/amber/);
  await expectAccessible(page, 'Settings → Availability at 1440 px');
  await saveScreenshot(page, 'experts-availability-1440', true);

  // The firm's directory shows it. The attorney signs in apart from the browser, whose refresh
  // cookie stays the expert's (a reload restores the session from it).
  const attorney = await ok<{ token: string }>(
    await api.post('/api/auth/login', { data: DEMO.attorney }),
    'sign in the demo attorney',
  );
  const directory = await ok<{ data: Array<{ name: string; availability: string }> }>(
    await api.get('/api/experts?search=kowalski', {
      headers: { Authorization: `Bearer ${attorney.token}` },
    }),
    'the directory',
  );
  expect(directory.data[0]).toMatchObject({ name: 'Dana Kowalski', availability: 'Busy until the 30th' });

  await setScreen(page, 375);
  await page.reload();
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'Settings → Availability at 375 px');
  await saveScreenshot(page, 'experts-availability-375', true);
  // Back as the other journeys know it.
  await page.getByRole('button', { name: 'Available', exact: true }).click();
  await page.getByRole('button', { name: 'Save Availability' }).click();
  await expect(toast(page, EXPERT_MESSAGES.availabilitySaved)).toBeVisible();
  const expert = await ok<{ token: string }>(
    await api.post('/api/auth/login', { data: DEMO_EXPERT }),
    'sign in the demo expert',
  );
  const refreshed = await ok<MyExpertResponse>(
    await api.get('/api/experts/me', { headers: { Authorization: `Bearer ${expert.token}` } }),
    'their entry',
  );
  expect(refreshed.data?.availability).toBe('Available');
});
