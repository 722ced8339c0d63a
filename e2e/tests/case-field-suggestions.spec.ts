import type { APIRequestContext } from '@playwright/test';
import type { CaseResponse, DocumentResponse } from '@sentinel/shared';
import { newFirmWithClient, ok, openCase } from '../support/api';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, withWorld } from '../support/test';

/**
 * Issue 14 against the real server and analyzer: a policy declarations page (our own fixture, no
 * real policy) is uploaded to a case whose claim fields are empty; once analysed, the case page
 * offers its policy number, carrier and address, and writes one only when the attorney uses it.
 */

const DECLARATIONS = [
  'GRANITE STATE MUTUAL INSURANCE COMPANY',
  'P.O. Box 4410, Concord, NH 03302',
  '',
  'HOMEOWNERS POLICY DECLARATIONS',
  '',
  'Policy Number: HO-4471-2026',
  'Policy Period: 01/01/2026 to 01/01/2027   12:01 a.m. standard time',
  '',
  'Named Insured: Priya Natarajan',
  'Residence Premises: 14 Juniper Lane, Concord, NH 03301',
  '',
  'SECTION I COVERAGES                       LIMIT OF LIABILITY      PREMIUM',
  'Coverage A – Dwelling                     $350,000                $1,912.00',
  'Coverage B – Other Structures             $35,000                 Included',
  'Coverage C – Personal Property            $175,000                Included',
  '',
  'DEDUCTIBLES',
  'All Other Perils Deductible: $2,500',
  '',
  'FORMS AND ENDORSEMENTS MADE PART OF THIS POLICY',
  'HO 00 03 05 11   Homeowners 3 – Special Form',
  'Total Annual Premium: $1,912.00',
  'Mortgagee: Merrimack Savings Bank ISAOA, Loan No. 55120457',
].join('\n');

interface World {
  attorney: { email: string; password: string };
  case: CaseResponse['data'];
  documentName: string;
}

async function buildWorld(api: APIRequestContext): Promise<World> {
  const attorney = { email: uniqueEmail('suggestions.attorney'), password: NEW_PASSWORD };
  const { headers, client } = await newFirmWithClient(api, {
    attorney: { ...attorney, firstName: 'Rowan', lastName: 'Achebe' },
    firmName: `Achebe Claims ${Date.now()}`,
    client: {
      firstName: 'Priya',
      lastName: 'Natarajan',
      email: uniqueEmail('suggestions.client'),
      phone: '+1 555 010 4100',
    },
  });
  const created = await openCase(
    api,
    headers,
    { title: 'Ice dam at Juniper Lane', clientId: client.data.id },
    'open the case',
  );
  const documentName = 'granite-state-declarations.txt';
  const uploaded = await ok<DocumentResponse>(
    await api.post('/api/document/upload/single', {
      headers,
      multipart: {
        caseId: created.id,
        analyze: 'true',
        file: { name: documentName, mimeType: 'text/plain', buffer: Buffer.from(DECLARATIONS) },
      },
    }),
    'upload the declarations page',
  );
  await expect
    .poll(
      async () =>
        (
          await ok<DocumentResponse>(
            await api.get(`/api/document/${uploaded.data.id}`, { headers }),
            'read the document',
          )
        ).data.analysisStatus,
      { timeout: 90_000 },
    )
    .toBe('completed');
  return { attorney, case: created, documentName };
}

const test = withWorld(buildWorld);

test('[CASES] the case page suggests the empty claim fields from a declarations page, and saves one only when used', async ({
  page,
  world,
}) => {
  test.setTimeout(150_000);
  await signInViaApi(page, world.attorney);
  await page.goto(`/cases/${world.case.id}`);
  await expectScreen(page, world.case.title);

  const card = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Suggested from documents' }),
  });
  await expect(card).toBeVisible();
  const policy = card.getByRole('listitem').filter({ hasText: 'Policy number' });
  await expect(policy).toContainText('HO-4471-2026');
  await expect(policy).toContainText(`from ${world.documentName} (Declarations page)`);
  await expect(policy).toContainText('“Policy Number: HO-4471-2026”');
  await expect(card.getByRole('listitem').filter({ hasText: 'Carrier' })).toContainText(
    /Granite State Mutual Insurance Company/i,
  );
  const claim = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Insurance claim' }) });
  await expect(claim).not.toContainText('HO-4471-2026');

  await expectAccessible(page, 'the case page with suggestions at 1440 px');
  await saveScreenshot(page, 'case-field-suggestions-1440', true);
  await setScreen(page, 375);
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'the case page with suggestions at 375 px');
  await saveScreenshot(page, 'case-field-suggestions-375', true);

  await card.getByRole('button', { name: 'Use HO-4471-2026 as the policy number' }).click();
  await expect(toast(page, `Policy number set to HO-4471-2026, from ${world.documentName}`)).toBeVisible();
  await expect(claim).toContainText('HO-4471-2026');
  await expect(card.getByRole('listitem').filter({ hasText: 'Policy number' })).toHaveCount(0);

  // Dismissed for the session: gone after a reload too, and nothing was written.
  await card.getByRole('button', { name: /^Dismiss .* as the carrier$/ }).click();
  await page.reload();
  await expectScreen(page, world.case.title);
  await expect(claim).toContainText('HO-4471-2026');
  await expect(page.getByText('Granite State Mutual Insurance Company')).toHaveCount(0);
});
