import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import { documentAnalysis, type DocumentDetail } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser } from '../../test/helpers';
import { ANALYSIS_JOB } from './analysis.service';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';

const DENIAL = [
  'Harborline Mutual Insurance Company',
  'March 3, 2026',
  'Re: Claim No. CLM-2026-88310, Insured: Maria Hernandez',
  'Dear Ms. Hernandez,',
  'We have completed our review of your claim for water damage with a date of loss of January 14, 2026.',
  'Our adjuster, Thomas Reed, inspected the property on February 2, 2026.',
  'Your contractor estimate of $48,250.00 exceeds the covered amount.',
  'We are unable to pay more than $21,400.00 under the policy.',
  'If you disagree, you must submit a written appeal no later than April 15, 2026.',
  'Sincerely,',
  'Janet Cole, Claims Manager',
];

const COMPLAINT = [
  'IN THE CIRCUIT COURT OF THE ELEVENTH JUDICIAL CIRCUIT IN AND FOR MIAMI-DADE COUNTY, FLORIDA',
  'CASE NO.: 2026-004411-CA-01',
  'MARIA HERNANDEZ, Plaintiff,',
  'v.',
  'HARBORLINE MUTUAL INSURANCE COMPANY, Defendant.',
  'COMPLAINT',
  'Plaintiff, MARIA HERNANDEZ, sues Defendant, HARBORLINE MUTUAL INSURANCE COMPANY, and alleges:',
  '1. This is an action for damages that exceed $50,000.00, exclusive of interest, costs and fees.',
  '2. Defendant issued Policy No. HO-3318877 covering the Plaintiff’s home.',
  'COUNT I - BREACH OF CONTRACT',
  'WHEREFORE, Plaintiff demands judgment against Defendant for damages, interest and costs.',
];

async function setup(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  const attorney = await makeUser(ctx, { userType: 'attorney' });
  const token = (await login(ctx, attorney.email, attorney.password)).body.token as string;
  const client = await createClient(ctx.database.db, { firmId: attorney.firmId });
  const caseId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: bearer(token),
      payload: { title: 'Hernandez water damage', clientId: client.id },
    })
  ).json().data.id as string;
  const uploadPdf = async (name: string, lines: string[], fields: Record<string, string> = {}) => {
    const boundary = 'analysisBOUNDARY';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const tail = Object.entries({ caseId, status: 'pending', ...fields })
      .map(([k, v]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}`)
      .join('');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(head),
        writePdf([{ kind: 'text', lines }]),
        Buffer.from(`${tail}\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as DocumentDetail;
  };
  const fetchDocument = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/document/${id}`, headers: bearer(token) })).json()
      .data as DocumentDetail;
  return { ctx, token, uploadPdf, fetchDocument, firmId: attorney.firmId };
}

describe('analysis as a background job, with the offline analyzer', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    env = await setup();
  });
  afterAll(() => env.ctx.close());

  it('goes from pending to completed with the shape the spec reads', async () => {
    const uploaded = await env.uploadPdf('denial-letter.pdf', DENIAL);
    expect(uploaded.analysisStatus).toBe('pending');
    expect(await env.ctx.app.jobs.drain()).toBe(1);
    const done = await env.fetchDocument(uploaded.id);
    expect(done.analysisStatus).toBe('completed');
    const analysis = documentAnalysis.parse(done.analysis);
    expect(analysis.document_metadata).toMatchObject({
      document_type: 'correspondence',
      type_source: 'classifier',
      page_count: 1,
    });
    expect(analysis.entities.amounts.map((a) => a.value)).toEqual(expect.arrayContaining([48250, 21400]));
    expect(analysis.entities.dates.map((d) => d.date)).toContain('2026-04-15');
    expect(analysis.content.summary.length).toBeGreaterThan(40);
    expect(analysis.recommendations.join(' ')).toMatch(/2026-04-15|April 15, 2026/);
  });

  it('asking again while an analysis waits or runs adds no work; the job takes turns by firm', async () => {
    const uploaded = await env.uploadPdf('denial-letter.pdf', DENIAL);
    const again = await env.ctx.app.inject({
      method: 'POST',
      url: `/api/document/${uploaded.id}/analyze`,
      headers: bearer(env.token),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.analysisStatus).toBe('pending');
    const queued = await env.ctx.database.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, ANALYSIS_JOB), eq(schema.jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toEqual({ documentId: uploaded.id });
    expect(queued[0]!.fairKey).toBe(env.firmId);
    const requested = await env.ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'document_analysis_requested'));
    expect(requested).toHaveLength(0);
    expect(await env.ctx.app.jobs.drain()).toBe(1);

    // Once completed, asking again queues a new analysis.
    const redo = await env.ctx.app.inject({
      method: 'POST',
      url: `/api/document/${uploaded.id}/analyze`,
      headers: bearer(env.token),
    });
    expect(redo.json().data.analysisStatus).toBe('pending');
    expect(await env.ctx.app.jobs.drain()).toBe(1);
    expect((await env.fetchDocument(uploaded.id)).analysisStatus).toBe('completed');
  });

  it('a type chosen at upload wins, and a reviewed type teaches later analyses', async () => {
    const chosen = await env.uploadPdf('letter.pdf', DENIAL, { documentType: 'financial' });
    await env.ctx.app.jobs.drain();
    expect((await env.fetchDocument(chosen.id)).analysis?.document_metadata).toMatchObject({
      document_type: 'financial',
      type_source: 'user',
      confidence: 1,
    });

    const review = await env.ctx.app.inject({
      method: 'PATCH',
      url: `/api/document/${chosen.id}`,
      headers: bearer(env.token),
      payload: { entityCorrections: [{ kind: 'person', name: 'Janet Cole', role: 'insurer' }] },
    });
    expect(review.statusCode).toBe(200);
    const [learning] = await env.ctx.database.db.select().from(schema.analysisLearning);
    expect(learning?.learned).toBeTruthy();
    const again = await env.uploadPdf('second-letter.pdf', DENIAL);
    await env.ctx.app.jobs.drain();
    const persons = (await env.fetchDocument(again.id)).analysis?.entities.persons ?? [];
    expect(persons).toContainEqual({ name: 'Janet Cole', role: 'insurer' });
  });
});

describe('analysis through an OpenAI-compatible endpoint', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let server: Server;
  let mode: 'good' | 'invalid' | 'down' = 'good';
  const requests: Array<{ model: string; response_format: { type: string } }> = [];

  beforeAll(async () => {
    // A local server speaking the chat-completions wire format.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions' || mode === 'down') {
          res.writeHead(503).end();
          return;
        }
        requests.push(JSON.parse(body));
        const answer =
          mode === 'good'
            ? {
                document_metadata: { document_type: 'correspondence', confidence: 0.97 },
                entities: {
                  persons: [{ name: 'Maria Hernandez', role: 'insured' }],
                  dates: [{ date: '2026-04-15', kind: 'deadline', text: 'no later than April 15, 2026' }],
                  amounts: [{ value: 21400, currency: 'USD', kind: 'offer', text: '$21,400.00' }],
                },
                content: {
                  summary: 'A partial denial from the carrier. It offers $21,400.',
                  word_count: 120,
                },
                recommendations: ['Calendar the appeal deadline of April 15, 2026.'],
              }
            : { document_metadata: { document_type: 'memo' } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: JSON.stringify(answer) },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    env = await setup({ ANALYSIS_LLM_URL: `http://127.0.0.1:${port}/v1`, ANALYSIS_LLM_MODEL: 'test-model' });
  });
  afterAll(async () => {
    await env.ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('uses a valid answer, asked for as a JSON schema', async () => {
    const uploaded = await env.uploadPdf('denial.pdf', DENIAL);
    await env.ctx.app.jobs.drain();
    const analysis = (await env.fetchDocument(uploaded.id)).analysis!;
    expect(analysis.analyzer).toMatchObject({ name: 'llm', version: 'test-model' });
    expect(analysis.document_metadata).toMatchObject({
      document_type: 'correspondence',
      type_source: 'llm',
      page_count: 1,
    });
    expect(analysis.content.summary).toBe('A partial denial from the carrier. It offers $21,400.');
    // The local analysis agreed on the type: nothing to confirm.
    expect(analysis.document_metadata).toMatchObject({ needs_confirmation: false });
    expect(requests.at(-1)).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema' } });
  });

  it('asks to confirm a type the model and the local analysis disagree on, without the local subtype', async () => {
    mode = 'good';
    // A complaint: the local analysis reads a pleading, the model (above) says correspondence.
    const uploaded = await env.uploadPdf('complaint.pdf', COMPLAINT);
    await env.ctx.app.jobs.drain();
    const analysis = (await env.fetchDocument(uploaded.id)).analysis!;
    expect(analysis.document_metadata).toMatchObject({
      document_type: 'correspondence',
      type_source: 'llm',
      needs_confirmation: true,
      subtype: null,
      key_fields: [],
    });
  });

  it('falls back to the local analyzer on an invalid answer or a failing endpoint', async () => {
    for (const failure of ['invalid', 'down'] as const) {
      mode = failure;
      const uploaded = await env.uploadPdf(`denial-${failure}.pdf`, DENIAL);
      await env.ctx.app.jobs.drain();
      const done = await env.fetchDocument(uploaded.id);
      expect(done.analysisStatus, failure).toBe('completed');
      expect(done.analysis?.analyzer.name, failure).toBe('local');
    }
  });
});
