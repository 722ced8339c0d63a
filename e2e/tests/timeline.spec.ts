import { MESSAGES, TIMELINE_MESSAGES, type TimelineCasesResponse } from '@sentinel/shared';
import type { Page } from '@playwright/test';
import { DEMO } from '../fixtures/fixtures';
import { ok } from '../support/api';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { signInViaApi } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Case Timeline & Progress (issue 12): the demo attorney moves a demo case on from Discovery, and
 * the case's timeline — on the case page and on the client's /timeline — completes the stages the
 * new status completes. The case goes back to Discovery at the end, as the other journeys know it.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const CASE_TITLE = 'Ellis Residence – Roof Wind Claim';
const stage = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Stages' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3, name: title, exact: true }),
    });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Overall Progress' });

let caseId: string;

test('[TIMELINE] the attorney moves a demo case to Negotiation and its timeline follows', async ({
  page,
  api,
}) => {
  const login = await ok<{ token: string }>(
    await api.post('/api/auth/login', { data: DEMO.attorney }),
    'sign in the demo attorney',
  );
  const cases = await ok<TimelineCasesResponse>(
    await api.get('/api/timeline', { headers: { Authorization: `Bearer ${login.token}` } }),
    'the demo cases',
  );
  caseId = cases.data.find((item) => item.title === CASE_TITLE)!.id;

  await signInViaApi(page, DEMO.attorney);
  await page.goto(`/cases/${caseId}?tab=timeline`);
  await expectScreen(page, CASE_TITLE);
  // Discovery: three stages by status, and the adjuster's deposition the attorney completed early.
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '50');
  await expect(stage(page, 'Discovery')).toContainText('In Progress');
  await expect(stage(page, 'Adjuster deposition')).toContainText('Completed');
  await expect(stage(page, 'Adjuster deposition')).toContainText('marked complete by');
  await expect(stage(page, 'Expert report')).toContainText('Upcoming');
  await expect(stage(page, 'Expert report')).toContainText('Planned for');

  // The attorney moves the case on to Negotiation from the case page.
  await page.getByRole('button', { name: 'Edit Case' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Case' });
  await edit.getByLabel('Status').selectOption({ label: 'Negotiation' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, MESSAGES.caseUpdated)).toBeVisible();
  await expect(edit).toBeHidden();

  // The Timeline tab follows without a reload.
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '75');
  await expect(stage(page, 'Discovery')).toContainText('when the case reached Negotiation');
  await expect(stage(page, 'Expert report')).toContainText('Completed');
  await expect(stage(page, 'Settlement negotiations')).toContainText('In Progress');
  const activity = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Case activity' }) });
  await expect(activity).toContainText('Status changed to Negotiation');

  // An attorney's own stage, dated.
  await page.getByRole('button', { name: 'Add stage' }).click();
  const add = page.getByRole('dialog', { name: 'Add a stage' });
  await add.getByLabel(/^Title/).fill('Appraisal panel');
  await add.getByLabel('Date').fill('2031-05-20');
  await add.getByLabel('Position').selectOption({ label: 'After Expert report' });
  await add.getByRole('button', { name: 'Add stage' }).click();
  await expect(toast(page, TIMELINE_MESSAGES.stageAdded)).toBeVisible();
  await expect(stage(page, 'Appraisal panel')).toContainText('Planned for May 20, 2031');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '67');
  await expectAccessible(page, 'the case page’s Timeline tab at 1440 px');
  await saveScreenshot(page, 'timeline-case-tab-1440', true);
});

test('[TIMELINE] the client sees their case’s timeline, choosing among their cases', async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto('/timeline');
  await expectScreen(page, 'Case Timeline & Progress');
  const chooser = page.getByRole('combobox', { name: 'Case' });
  await chooser.selectOption({ value: caseId });
  await expect(page).toHaveURL(new RegExp(`/timeline\\?case=${caseId}$`));
  await expect(page.getByRole('heading', { level: 2, name: CASE_TITLE })).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '67');
  // The attorney's stage, after the expert report, is now the one in progress.
  await expect(stage(page, 'Appraisal panel')).toContainText('In Progress');
  await expect(stage(page, 'Settlement negotiations')).toContainText('Upcoming');
  // Read only.
  await expect(page.getByRole('button', { name: 'Add stage' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit: / })).toHaveCount(0);
  await expectAccessible(page, '/timeline at 1440 px');
  await saveScreenshot(page, 'timeline-client-1440', true);

  await setScreen(page, 375);
  await page.reload();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '67');
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, '/timeline at 375 px');
  await saveScreenshot(page, 'timeline-client-375', true);
});

test('[TIMELINE] the case page’s Timeline tab at 375 px, and the case back in Discovery', async ({
  page,
  api,
}) => {
  await setScreen(page, 375);
  await signInViaApi(page, DEMO.attorney);
  await page.goto(`/cases/${caseId}?tab=timeline`);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '67');
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'the case page’s Timeline tab at 375 px');
  await saveScreenshot(page, 'timeline-case-tab-375', true);

  // Leave the demo case as the other journeys know it: in Discovery, without the added stage.
  await stage(page, 'Appraisal panel').getByRole('button', { name: 'Remove: Appraisal panel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove stage' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(stage(page, 'Appraisal panel')).toHaveCount(0);
  const login = await ok<{ token: string }>(
    await api.post('/api/auth/login', { data: DEMO.attorney }),
    'sign in the demo attorney',
  );
  await ok(
    await api.patch(`/api/cases/${caseId}`, {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { status: 'discovery' },
    }),
    'put the case back in Discovery',
  );
  await page.reload();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '50');
});
