import { and, eq, isNotNull } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import type {
  CaseFieldSuggestionsResponse,
  DocumentDetail,
  ListNegotiationsResponse,
  NegotiationResponse,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, useTestContext } from '../test/helpers';
import { DEMO_DOCUMENTS, withDemoDocuments } from './demo-documents';
import { DEMO_FIRM_NAME, DEMO_PASSWORD, DEMO_SECOND_FIRM, DEMO_USERS, seedDemoFirm } from './demo-firm';
import { OKAFOR_FACTS } from './documents/okafor-duplex';
import { estimateTotals } from './documents/repair-estimate';

const ctx = useTestContext();
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
let attorney: { token: string; id: string };
let castillo: { token: string; id: string };
const caseId = async (title: string) =>
  (await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.title, title)))[0]!.id;
/** The second demo firm's documents, and the demo firm's. */
const inSecondFirm = (demo: (typeof DEMO_DOCUMENTS)[number]) =>
  DEMO_SECOND_FIRM.cases.some((c) => c.title === demo.caseTitle);
let seedMs: number;

async function signIn(email: string) {
  const { body } = await login(ctx, email, DEMO_PASSWORD);
  return { token: body.token as string, id: body.user.userId as string };
}

beforeAll(async () => {
  const started = performance.now();
  const seeded = await withDemoDocuments(ctx.config, (documents) =>
    seedDemoFirm(ctx.database.db, { documents }),
  );
  seedMs = performance.now() - started;
  expect(seeded).toBe(true);
  const email = DEMO_USERS.find((user) => user.userType === 'attorney')!.email;
  attorney = await signIn(email);
  castillo = await signIn(DEMO_SECOND_FIRM.attorney.email);
}, 120_000);

describe('the demo firm’s documents', () => {
  it('are on their cases, analysed at seed time as the analyzer reads them', async () => {
    console.info(`demo firm with documents seeded in ${Math.round(seedMs)} ms`);
    const listOf = async (who: { token: string; id: string }) =>
      ((await get(who.token, `/api/document/${who.id}/all`)).json() as { data: DocumentDetail[] }).data;
    const [first, second] = [await listOf(attorney), await listOf(castillo)];
    expect(first.map((d) => d.fileName).sort()).toEqual(
      DEMO_DOCUMENTS.filter((d) => !inSecondFirm(d))
        .map((d) => d.fileName)
        .sort(),
    );
    expect(second.map((d) => d.fileName).sort()).toEqual(
      DEMO_DOCUMENTS.filter(inSecondFirm)
        .map((d) => d.fileName)
        .sort(),
    );
    for (const demo of DEMO_DOCUMENTS) {
      const document = [...first, ...second].find((d) => d.fileName === demo.fileName)!;
      expect(document, demo.fileName).toMatchObject({
        caseTitle: demo.caseTitle,
        contentType: 'application/pdf',
        analysisStatus: 'completed',
        sharedWithClient: demo.sharedWithClient,
      });
      expect(demo.expected.types, demo.fileName).toContain(
        document.analysis?.document_metadata.document_type,
      );
      expect(document.analysis?.document_metadata.subtype, demo.fileName).toBe(demo.expected.subtype);
      // Every paper written after the loss names its date (the declarations page is older).
      if (demo.expected.subtype !== 'declarations_page')
        expect(
          document.analysis?.entities.dates.map((d) => d.kind),
          demo.fileName,
        ).toContain('date_of_loss');
    }

    // The stored file is the one analysed: it downloads as a PDF.
    const estimate = first.find((d) => d.fileName.startsWith('Whitaker'))!;
    const { url } = (
      await get(attorney.token, `/api/document/${estimate.id}/signedUrl?disposition=inline`)
    ).json() as {
      url: string;
    };
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(file.headers['content-length'])).toBe(estimate.fileSize);
  });

  it('say what their case says: claim number, policy number and date of loss', async () => {
    const rows = await ctx.database.db
      .select({ analysis: schema.documents.analysis, caseRow: schema.cases })
      .from(schema.documents)
      .innerJoin(schema.cases, eq(schema.cases.id, schema.documents.caseId))
      .innerJoin(schema.firms, eq(schema.firms.id, schema.cases.firmId))
      .where(and(eq(schema.firms.name, DEMO_FIRM_NAME), isNotNull(schema.documents.analysis)));
    expect(rows).toHaveLength(DEMO_DOCUMENTS.filter((d) => !inSecondFirm(d)).length);
    for (const { analysis, caseRow } of rows) {
      const text = (analysis as { text: string }).text.replace(/\s+/g, ' ');
      expect(text).toContain(caseRow.policyNumber);
      // The declarations page is older than the claim, and than its loss.
      if (text.includes('POLICY DECLARATIONS')) continue;
      expect(text).toContain(caseRow.claimNumber);
      const dateOfLoss = (
        analysis as { entities: { dates: Array<{ date: string; kind: string }> } }
      ).entities.dates
        .filter((d) => d.kind === 'date_of_loss')
        .map((d) => d.date);
      expect(dateOfLoss).toContain(caseRow.dateOfLoss);
    }
  });

  it('offer the second firm’s bare hurricane case its missing claim facts', async () => {
    const response = await get(
      castillo.token,
      `/api/cases/${await caseId(DEMO_SECOND_FIRM.cases[0].title)}/field-suggestions`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const suggestions = (response.json() as CaseFieldSuggestionsResponse).data;
    const byField = Object.fromEntries(suggestions.map((s) => [s.field, s.value]));
    expect(byField).toMatchObject({
      policyNumber: OKAFOR_FACTS.policyNumber,
      claimNumber: OKAFOR_FACTS.claimNumber,
      propertyAddress: OKAFOR_FACTS.propertyAddress,
    });
    expect(byField.dateOfLoss).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The demo firm's cases are complete: nothing to suggest on the Ellis water case.
    const none = await get(
      attorney.token,
      `/api/cases/${await caseId('Ellis Residence – Water Damage')}/field-suggestions`,
    );
    expect((none.json() as CaseFieldSuggestionsResponse).data).toEqual([]);
  });

  it('give the Water Damage negotiation a suggested target from the contractor’s estimate', async () => {
    const list = (
      await get(attorney.token, '/api/negotiations?pageSize=all')
    ).json() as ListNegotiationsResponse;
    const water = list.data.find((row) => row.case.title === 'Ellis Residence – Water Damage')!;
    const detail = (await get(attorney.token, `/api/negotiations/${water.id}`)).json() as NegotiationResponse;
    // The estimate's replacement cost, with or without its deductible (its "Net Claim" lines read
    // as claimed amounts), and only the estimate is cited.
    const { rcv, deductible } = estimateTotals();
    expect([rcv, rcv - deductible]).toContain(detail.data.suggestion?.amount);
    expect(detail.data.suggestion?.citations.map((c) => c.fileName)).toEqual([
      'Whitaker Restoration Estimate - Water Damage.pdf',
    ]);
    // The declarations page's limits and the letter's sub-limit are not estimates: they add nothing.
    expect(detail.data.analysedDocuments).toBe(4);
  });

  it('are visible to the client they are shared with', async () => {
    const client = DEMO_USERS.find((user) => user.userType === 'client')!;
    const ellis = await signIn(client.email);
    const response = await get(ellis.token, `/api/document/${ellis.id}/all`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { data: DocumentDetail[] };
    const shared = DEMO_DOCUMENTS.filter((d) => d.caseTitle.startsWith('Ellis') && d.sharedWithClient);
    expect(list.data.map((d) => d.fileName).sort()).toEqual(shared.map((d) => d.fileName).sort());
  });

  it('are seeded once', async () => {
    expect(
      await withDemoDocuments(ctx.config, (documents) => seedDemoFirm(ctx.database.db, { documents })),
    ).toBe(false);
    const count = await ctx.database.db.$count(schema.documents);
    expect(count).toBe(DEMO_DOCUMENTS.length);
  });
});
