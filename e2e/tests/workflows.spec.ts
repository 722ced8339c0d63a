import { WORKFLOW_MESSAGES, WORKFLOW_TEMPLATES, type WorkflowsResponse } from '@sentinel/shared';
import type { Page } from '@playwright/test';
import { DEMO } from '../fixtures/fixtures';
import { chooseOwnPassword, newFirmWithClient, ok, openCase } from '../support/api';
import { expectNoPlaceholders, expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, screenOf, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Workflow Automation (issue 13): a new firm creates a workflow from the Settlement Preparation
 * template, moves a case to Settlement on the case page, and sees the run with each action's
 * outcome — and its client sees the requested document on their dashboard's checklist. The demo
 * firm's screen shows its three workflows with their history, at 1440 and 375 px.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const workflowCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: WORKFLOW_MESSAGES.yourWorkflows })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test('[WORKFLOWS] create from a template, trigger it by a status change, see its actions happen', async ({
  page,
  api,
  browser,
}) => {
  const attorney = {
    email: uniqueEmail('workflows.attorney'),
    password: NEW_PASSWORD,
    firstName: 'Wren',
    lastName: 'Alder',
  };
  const clientEmail = uniqueEmail('workflows.client');
  const firm = await newFirmWithClient(api, {
    attorney,
    firmName: 'Alder Claims Law',
    client: { firstName: 'Kit', lastName: 'Rowan', email: clientEmail, phone: '555 0142' },
  });
  const claim = await openCase(
    api,
    firm.headers,
    { title: 'Rowan Kitchen Fire', clientId: firm.client.data.id },
    'open the case',
  );

  await signInViaApi(page, attorney);
  await page.goto('/workflows');
  await expectScreen(page, WORKFLOW_MESSAGES.title);
  for (const label of [
    WORKFLOW_MESSAGES.activeWorkflows,
    WORKFLOW_MESSAGES.tasksAutomated,
    WORKFLOW_MESSAGES.timeSaved,
    WORKFLOW_MESSAGES.successRate,
  ])
    await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
  for (const template of WORKFLOW_TEMPLATES)
    await expect(page.getByRole('heading', { level: 3, name: template.name, exact: true })).toBeVisible();
  // Honest empty state: nothing has run, nothing is made up.
  await expect(page.getByRole('heading', { name: WORKFLOW_MESSAGES.empty })).toBeVisible();
  await expect(page.getByText('No finished runs yet')).toBeVisible();
  await expectNoPlaceholders(page);
  await expectAccessible(page, '/workflows (empty) at 1440 px');

  // From the template: the form opens filled with it; saving creates it, active.
  await page.getByRole('button', { name: 'Use template Settlement Preparation' }).click();
  const dialog = page.getByRole('dialog', { name: /Settlement Preparation/ });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue('Settlement Preparation');
  await expect(dialog.getByLabel('To status')).toHaveValue('settlement');
  await expect(dialog.getByLabel('Document to ask for')).toHaveValue('Signed proof of loss');
  await expectAccessible(page, 'the workflow form at 1440 px');
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await expect(toast(page, WORKFLOW_MESSAGES.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = workflowCard(page, 'Settlement Preparation');
  await expect(card).toContainText('Active');
  await expect(card).toContainText('When a case moves to Settlement');

  // The trigger: the attorney moves the case to Settlement on the case page.
  await page.goto(`/cases/${claim.id}`);
  await expectScreen(page, 'Rowan Kitchen Fire');
  await page.getByRole('button', { name: 'Edit Case' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Case' });
  await edit.getByLabel('Status').selectOption({ label: 'Settlement' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  // The run, with each action's outcome, on the workflows screen.
  await page.goto('/workflows');
  await expect(async () => {
    await page.reload();
    await expect(workflowCard(page, 'Settlement Preparation')).toContainText('Runs (1)', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await workflowCard(page, 'Settlement Preparation')
    .getByRole('button', { name: /^Runs of/ })
    .click();
  const runs = page.getByRole('dialog', { name: 'Runs of Settlement Preparation' });
  await expect(runs.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(runs).toContainText('Requested “Signed proof of loss” from the client');
  await expect(runs).toContainText('E-mailed');
  await expect(runs).toContainText('Deadline “Settlement release for');
  await expectAccessible(page, 'the runs dialog at 1440 px');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 2, name: WORKFLOW_MESSAGES.tasksAutomated })).toBeVisible();
  const answer = await ok<WorkflowsResponse>(
    await api.get('/api/workflows', { headers: firm.headers }),
    'the workflows',
  );
  expect(answer.stats).toMatchObject({ activeWorkflows: 1, tasksAutomated: 3, successRate: 100 });
  const successCard = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: WORKFLOW_MESSAGES.successRate }) });
  await expect(successCard).toContainText('100%');
  await expect(workflowCard(page, 'Settlement Preparation')).toContainText('Tasks done3');
  await saveScreenshot(page, 'workflows-run-1440', true);

  // Pause and resume by keyboard.
  const pause = workflowCard(page, 'Settlement Preparation').getByRole('button', {
    name: 'Pause Settlement Preparation',
  });
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, WORKFLOW_MESSAGES.paused)).toBeVisible();
  await expect(workflowCard(page, 'Settlement Preparation')).toContainText('Paused');
  await workflowCard(page, 'Settlement Preparation')
    .getByRole('button', { name: 'Resume Settlement Preparation' })
    .click();
  await expect(toast(page, WORKFLOW_MESSAGES.resumed)).toBeVisible();

  // The action happened: the client's checklist asks for the proof of loss.
  await chooseOwnPassword(
    api,
    { email: clientEmail, subject: 'Alder Claims Law' },
    NEW_PASSWORD,
    'the client',
  );
  const clientContext = await browser.newContext({ viewport: screenOf(1440) });
  const clientPage = await clientContext.newPage();
  await signInViaApi(clientPage, { email: clientEmail, password: NEW_PASSWORD });
  await clientPage.goto('/dashboard');
  const requested = clientPage.getByRole('region', { name: 'Requested by your legal team' });
  await expect(requested).toContainText('Signed proof of loss');
  await expect(requested).toContainText('not received yet');
  await expectAccessible(clientPage, 'the client dashboard with a requested document');

  // The attorney sees the same request on the case's Documents tab, on a phone, and marks it received;
  // the client's checklist ticks it.
  await setScreen(page, 375);
  await page.goto(`/cases/${claim.id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const asked = page.getByRole('list', { name: 'Requested documents' });
  await expect(asked).toContainText('Signed proof of loss');
  await expect(asked).toContainText('Waiting for the client');
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'the case’s requests of the client at 375 px');
  await asked.getByRole('button', { name: 'Mark received: Signed proof of loss' }).click();
  await expect(toast(page, WORKFLOW_MESSAGES.requestUpdated)).toBeVisible();
  await expect(asked).toContainText('Received');
  await clientPage.reload();
  await expect(requested).toContainText('Signed proof of loss: received');
  await clientContext.close();
});

test('[WORKFLOWS] the demo firm’s workflows with their history, at 1440 and 375 px', async ({ page }) => {
  await signInViaApi(page, DEMO.attorney);
  await page.goto('/workflows');
  await expectScreen(page, WORKFLOW_MESSAGES.title);
  const list = page.getByRole('region', { name: WORKFLOW_MESSAGES.yourWorkflows }).getByRole('listitem');
  await expect(list.filter({ hasText: 'Active' })).not.toHaveCount(0);
  await expect(page.getByText('No finished runs yet')).toHaveCount(0);
  await expectAccessible(page, '/workflows at 1440 px');
  await saveScreenshot(page, 'workflows-demo-1440', true);

  await setScreen(page, 375);
  await page.reload();
  await expectScreen(page, WORKFLOW_MESSAGES.title);
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, '/workflows at 375 px');
  await saveScreenshot(page, 'workflows-demo-375', true);
  await page.getByRole('button', { name: 'New Workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workflow' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'the workflow form at 375 px');
  // Bad input is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await expect(dialog.getByText('Enter the workflow name')).toBeVisible();
  await saveScreenshot(page, 'workflows-form-375');
});
