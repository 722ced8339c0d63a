import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES, type CaseResponse, type DocumentDetail } from '@sentinel/shared';
import { BASE_URL } from '../playwright.config';
import { chooseOwnPassword, newFirmWithClient, openCase } from '../support/api';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible, expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, OTHER_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, withWorld } from '../support/test';

/**
 * Documents against the real server: a fresh attorney (a fresh firm: the lists hold only what this
 * file makes) with one client and one case. The attorney uploads a file with progress, views,
 * downloads and deletes it; the AI upload refuses what spec §5 refuses, then analyses a PDF made
 * here (a hand-written PDF with a text layer) and the analysis appears by itself.
 */

interface World {
  attorney: { email: string; password: string };
  firmName: string;
  token: string;
  client: { email: string };
  case: CaseResponse['data'];
}

async function buildWorld(api: APIRequestContext): Promise<World> {
  const attorney = { email: uniqueEmail('documents.attorney'), password: NEW_PASSWORD };
  const firmName = `Ellery Claims ${Date.now()}`;
  const clientEmail = uniqueEmail('documents.client');
  const { token, headers, client } = await newFirmWithClient(api, {
    attorney: { ...attorney, firstName: 'Morgan', lastName: 'Ellery' },
    firmName,
    client: { firstName: 'Priya', lastName: 'Natarajan', email: clientEmail, phone: '+1 555 010 4000' },
  });
  const created = await openCase(
    api,
    headers,
    { title: 'Hail damage at Juniper Lane', clientId: client.data.id },
    'open the case',
  );
  return { attorney, firmName, token, client: { email: clientEmail }, case: created };
}

const test = withWorld(buildWorld);

/**
 * A one-page PDF with a real text layer (Helvetica, one line per entry), written by hand: the
 * cross-reference table carries the byte offset of each object.
 */
function makePdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/([\\()])/g, '\\$1');
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '72 740 Td',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const POLICY_LINES = [
  'HOMEOWNERS INSURANCE POLICY - DECLARATIONS',
  'Policy Number: HO-4471-2026',
  'Named Insured: Priya Natarajan',
  'Insurer: Granite State Mutual Insurance Company',
  'Policy Period: January 1, 2026 to January 1, 2027',
  'Dwelling Coverage A limit of liability: $350,000',
  'Deductible: $2,500 per occurrence for wind and hail',
  'This policy insures the dwelling at 14 Juniper Lane against direct physical loss,',
  'subject to the terms, conditions and exclusions of this policy.',
  'The insured must give prompt notice of loss and submit a sworn proof of loss',
  'within 60 days after our request.',
];

/** The page's window while recordProgress() records the progress bar's values. */
type ProgressWindow = Window & { __progress?: string[] };

/** Every value the upload's progress bar took, from a MutationObserver started before the upload. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const progress: string[] = [];
    (window as ProgressWindow).__progress = progress;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const value = bar.getAttribute('aria-valuenow');
        if (value !== null && progress.at(-1) !== value) progress.push(value);
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return async () => (await page.evaluate(() => (window as ProgressWindow).__progress ?? [])).map(Number);
}

/** Slows the page's uploads (Chromium network emulation) so the progress is seen moving. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

/** Drops a file made inside the page (no bytes cross from the test) on the drop zone. */
async function dropInPage(page: Page, name: string, type: string, size: number) {
  await page.getByRole('button', { name: /Drag and drop a PDF here/ }).evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.size)], file.name, { type: file.type }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, type, size },
  );
}

const caseLabel = (world: World) => `${world.case.caseNumber} · ${world.case.title}`;
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe.serial('[DOCUMENTS]', () => {
  test('[DOCUMENTS] upload with real progress, view in a new tab, download under its name, delete after confirming', async ({
    page,
    world,
  }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, world.attorney);
    await page.goto('/documents');
    await expectScreen(page, 'Documents');
    await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Smart Upload' })).toHaveAttribute(
      'href',
      '/documents/aiAnalysis',
    );

    // Choosing a file opens the modal with it.
    const text = `Roof inspection notes\n${'Shingles lifted on the north slope. '.repeat(12_000)}`;
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'roof-inspection.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(text),
      });
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('roof-inspection.txt');
    await dialog.getByLabel(/^Case/).selectOption({ label: caseLabel(world) });
    await expectAccessible(page, 'the upload modal at 1440 px');
    await saveScreenshot(page, 'documents-upload-modal-1440');

    // About 430 KB at 150 KB/s: the bar moves through values between 0 and 100.
    const progress = await recordProgress(page);
    const unthrottle = await throttleUploads(page, 150 * 1024);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await unthrottle();
    const values = await progress();
    expect(
      values.some((value) => value > 0 && value < 100),
      `progress values ${values.join(', ')}`,
    ).toBe(true);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await expect(toast(page, '“roof-inspection.txt” uploaded')).toBeVisible();

    const uploaded = row(page, 'roof-inspection.txt');
    await expect(uploaded).toContainText(caseLabel(world));
    await expect(uploaded).toContainText('Not analyzed');
    await expect(uploaded).toContainText('by Morgan Ellery');
    await expect(uploaded).toContainText('KB');

    // View: a new tab on a signed link to the bytes.
    const popupPromise = page.waitForEvent('popup');
    await uploaded.getByRole('button', { name: 'View roof-inspection.txt' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(
      /\/api\/files\/[0-9a-f-]{36}\?d=inline&e=\d+&u=[0-9a-f-]{36}&f=[0-9a-f-]{36}&s=[\w-]+$/,
    );
    await expect(popup.locator('body')).toContainText('Roof inspection notes');
    await popup.close();

    // Download: saved under the file's name, with its bytes.
    const downloadPromise = page.waitForEvent('download');
    await uploaded.getByRole('button', { name: 'Download roof-inspection.txt' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('roof-inspection.txt');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(text);

    // Search runs on the server.
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('nothing-like-this');
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(uploaded).toBeVisible();

    await expectAccessible(page, '/documents at 1440 px');
    await saveScreenshot(page, 'documents-list-1440', true);

    // Delete, after confirming.
    await uploaded.getByRole('button', { name: 'Delete roof-inspection.txt' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete document?' });
    await expect(confirm).toContainText('“roof-inspection.txt” will be deleted');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MESSAGES.documentDeleted)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  });

  test('[DOCUMENTS] the AI upload refuses no case, no file, a non-PDF and a file over 20 MB with the spec texts', async ({
    page,
    world,
  }) => {
    await signInViaApi(page, world.attorney);
    await page.goto('/documents/aiAnalysis');
    await expectScreen(page, 'AI Document Upload');
    await expect(page.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute('href', '/documents');

    await page.getByRole('button', { name: 'Upload and Analyze' }).click();
    await expect(page.getByText(MESSAGES.selectCase, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.selectFileToUpload, { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: /^Case/ }).selectOption({ label: caseLabel(world) });
    await expect(page.getByText(MESSAGES.selectCase, { exact: true })).toBeHidden();

    // Through the picker (which a user can switch to "All files") and by dropping.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a pdf'),
    });
    await expect(page.getByText(MESSAGES.aiPdfOnly, { exact: true })).toBeVisible();
    await dropInPage(page, 'photo.png', 'image/png', 1024);
    await expect(page.getByText(MESSAGES.aiPdfOnly, { exact: true })).toBeVisible();
    await dropInPage(page, 'huge.pdf', 'application/pdf', 20 * 1024 * 1024 + 1);
    await expect(page.getByText(MESSAGES.aiFileTooLarge, { exact: true })).toBeVisible();
    await expect(page.getByText('huge.pdf')).toHaveCount(0);

    // The zone is a button: the keyboard reaches it and Enter opens the picker.
    await page.getByRole('button', { name: /Drag and drop a PDF here/ }).focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await chooser;
  });

  test('[DOCUMENTS] an uploaded PDF is analysed in the background and its analysis appears by itself', async ({
    page,
    context,
    world,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const me = await signInViaApi(page, world.attorney);
    await page.goto('/documents/aiAnalysis');
    await expectScreen(page, 'AI Document Upload');
    await expect(page.getByRole('heading', { name: 'No analyses yet' })).toBeVisible();

    await page.getByRole('combobox', { name: /^Case/ }).selectOption({ label: caseLabel(world) });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'HO-4471 policy declarations.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(POLICY_LINES),
    });
    await expect(page.getByText('HO-4471 policy declarations.pdf', { exact: true })).toBeVisible();
    const progress = await recordProgress(page);
    await page.getByRole('button', { name: 'Upload and Analyze' }).click();
    await expect(toast(page, /uploaded\. The analysis has started\./)).toBeVisible();
    expect((await progress()).length).toBeGreaterThan(0);

    const list = page.getByRole('list', { name: 'Recent Analyses' });
    const item = list.getByRole('listitem').filter({ hasText: 'HO-4471 policy declarations.pdf' });
    // Opened at once; pending, then completed without a reload (the list polls).
    await expect(item.getByRole('button', { name: /HO-4471 policy declarations\.pdf/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(item.getByText('AI Analyzed')).toBeVisible({ timeout: 120_000 });
    const classification = item
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Classification' }) });
    // The type, the insurance subtype when one is recognised ("Contract · Declarations page"), and
    // the confidence.
    await expect(classification).toContainText(
      /(Contract|Pleading|Correspondence|Financial|Other)( · [A-Z][a-z-]+(?: [a-z-]+)*)?\d+%\+? confidence/,
    );
    const summary = item.locator('section').filter({ has: page.getByRole('heading', { name: 'Summary' }) });
    await expect(summary).not.toContainText('No summary.');
    await expect(summary.locator('p')).not.toBeEmpty();

    const analysed = await page.request.get(`/api/document/${me.userId}/all`, {
      headers: { Authorization: `Bearer ${world.token}` },
    });
    const [document] = ((await analysed.json()) as { data: DocumentDetail[] }).data;
    expect(document?.analysisStatus).toBe('completed');

    // Copy the raw JSON.
    await item.getByRole('button', { name: 'Copy JSON' }).click();
    await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      document_metadata: { document_type: string };
    };
    expect(copied.document_metadata.document_type).toBe(document?.analysis?.document_metadata.document_type);

    await expectAccessible(page, '/documents/aiAnalysis with an analysis open at 1440 px');
    await saveScreenshot(page, 'documents-ai-analysis-1440', true);

    // The review: correct the type; it says so.
    const corrected =
      document?.analysis?.document_metadata.document_type === 'financial' ? 'Pleading' : 'Financial';
    await item.getByRole('combobox', { name: 'Correct the type' }).selectOption({ label: corrected });
    await expect(item.getByText('Corrected by you')).toBeVisible();
    // A subtype that fits the corrected type stays ("Financial · Declarations page").
    await expect(classification).toContainText(new RegExp(`${corrected}( · [^C]+)?Corrected by you`));

    // The documents screen lists it as 'AI Analyzed', and it expands there too.
    await page.goto('/documents');
    await expectScreen(page, 'Documents');
    const listed = row(page, 'HO-4471 policy declarations.pdf');
    await expect(listed).toContainText('AI Analyzed');
    await listed.getByRole('button', { name: 'Show analysis of HO-4471 policy declarations.pdf' }).click();
    await expect(page.getByText('Corrected by you').or(page.getByText('Set by a person'))).toBeVisible();
  });

  for (const width of [1440, 375]) {
    test(`[DOCUMENTS] at ${width} px: the list, the modal and the AI page pass axe and fit the screen`, async ({
      page,
      world,
    }) => {
      test.setTimeout(120_000);
      await setScreen(page, width);
      await signInViaApi(page, world.attorney);

      await page.goto('/documents');
      await expectScreen(page, 'Documents');
      await expect(page.getByText('HO-4471 policy declarations.pdf').first()).toBeVisible();
      await expectAccessible(page, `/documents at ${width} px`);
      await expectNoSidewaysScroll(page, width);
      await saveScreenshot(page, `documents-list-${width}`, true);

      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({
          name: 'estimate.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('Repair estimate'),
        });
      const dialog = page.getByRole('dialog', { name: 'Upload Document' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `the upload modal at ${width} px`);
      await saveScreenshot(page, `documents-upload-modal-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await page.goto('/documents/aiAnalysis');
      await expectScreen(page, 'AI Document Upload');
      const item = page
        .getByRole('list', { name: 'Recent Analyses' })
        .getByRole('listitem')
        .filter({ hasText: 'HO-4471 policy declarations.pdf' });
      await item.getByRole('button', { name: /HO-4471 policy declarations\.pdf/ }).click();
      await expect(item.getByRole('heading', { name: 'Summary' })).toBeVisible();
      await expectAccessible(page, `/documents/aiAnalysis with an analysis open at ${width} px`);
      await expectNoSidewaysScroll(page, width);
      await saveScreenshot(page, `documents-ai-analysis-${width}`, true);

      // The case page's Documents tab.
      await page.goto(`/cases/${world.case.id}?tab=documents`);
      await expect(page.getByRole('tabpanel', { name: 'Documents' })).toContainText(
        'HO-4471 policy declarations.pdf',
      );
      const share = page.getByRole('switch', { name: 'Shared with client: HO-4471 policy declarations.pdf' });
      await expect(share).toBeVisible();
      if (width === 1440) {
        // The attorney shares it with the client: a PATCH the server keeps.
        await expect(share).toHaveAttribute('aria-checked', 'false');
        await share.click();
        await expect(share).toHaveAttribute('aria-checked', 'true');
        await page.reload();
        await expect(share).toHaveAttribute('aria-checked', 'true');
      }
      await expectAccessible(page, `the case Documents tab at ${width} px`);
      await expectNoSidewaysScroll(page, width);
      await saveScreenshot(page, `documents-case-tab-${width}`, true);
    });
  }
  test('[DOCUMENTS] the client uploads a photo to their case and the dashboard checklist ticks what arrived', async ({
    page,
    api,
    world,
  }) => {
    test.setTimeout(120_000);
    // The invited client chooses a password (the invitation carries a temporary one).
    await chooseOwnPassword(
      api,
      { email: world.client.email, subject: `${world.firmName} invited you to Sentinel` },
      OTHER_PASSWORD,
      'the client',
    );
    await signInViaApi(page, { email: world.client.email, password: OTHER_PASSWORD });

    // The case's Documents tab: only what is shared with them, no share switch, upload allowed.
    await page.goto(`/cases/${world.case.id}?tab=documents`);
    const panel = page.getByRole('tabpanel', { name: 'Documents' });
    await expect(panel).toContainText('HO-4471 policy declarations.pdf');
    await expect(panel.getByRole('switch')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'north-slope.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await expect(dialog).toContainText(`Case: ${caseLabel(world)}`);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText('north-slope.png');

    for (const width of [1440, 375]) {
      await setScreen(page, width);
      await page.goto('/dashboard');
      await expectScreen(page, 'Welcome, Priya');
      const checklist = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Document checklist' }) });
      await expect(checklist).toContainText('2 of 4 received.');
      await expect(checklist.getByRole('listitem')).toHaveText([
        /^Insurance policy: received, HO-4471 policy declarations\.pdf · matched by its name$/,
        /^Photos of the damage: received, north-slope\.png · a photo$/,
        'Repair estimates: not received yet',
        'Correspondence with the carrier: not received yet',
      ]);
      await expectAccessible(page, `the client dashboard with ticked items at ${width} px`);
      await expectNoSidewaysScroll(page, width);
      await saveScreenshot(page, `documents-client-checklist-${width}`, true);
    }
  });
});
