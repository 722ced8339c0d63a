import { AI_UPLOAD_MAX_BYTES, MESSAGES, type DocumentDetail } from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { aiFileProblem } from '../utils/ai-file';
import { installFakeXhr, nextXhr } from '@/testing/fake-xhr';
import { casesAnswer, CASE_ID, completed, documentOf } from '../testing';
import { AiAnalysisPage } from './ai-analysis-page';

const LIST = `GET /api/document/${attorney.userId}/all`;

function open(list: () => DocumentDetail[] = () => []) {
  signIn(attorney);
  const fetches = mockFetch({
    [LIST]: () => json(200, { data: list() }),
    'GET /api/cases': () => json(200, casesAnswer),
  });
  return { ...fetches, ...renderWithRouter(<AiAnalysisPage />, '/documents/aiAnalysis') };
}

const pdf = (name = 'policy.pdf', size?: number) => {
  const file = new File(['%PDF-1.4 policy'], name, {
    type: name.endsWith('.pdf') ? 'application/pdf' : 'text/plain',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const picker = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const zone = () => screen.getByRole('button', { name: /Drag and drop a PDF here/ });

describe('AI Document Upload', () => {
  beforeEach(() => {
    installFakeXhr();
    // Failed uploads are logged; keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('checks files: PDF only (extension and type) and at most 20 MB', () => {
    expect(aiFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(aiFileProblem({ name: 'a.PDF', type: '', size: 10 })).toBeNull();
    expect(aiFileProblem({ name: 'a.pdf', type: 'image/png', size: 10 })).toBe(MESSAGES.aiPdfOnly);
    expect(aiFileProblem({ name: 'a.txt', type: 'application/pdf', size: 10 })).toBe(MESSAGES.aiPdfOnly);
    expect(aiFileProblem({ name: 'a.pdf', type: 'application/pdf', size: AI_UPLOAD_MAX_BYTES })).toBeNull();
    expect(aiFileProblem({ name: 'a.pdf', type: 'application/pdf', size: AI_UPLOAD_MAX_BYTES + 1 })).toBe(
      MESSAGES.aiFileTooLarge,
    );
  });

  it('shows the spec texts: no case, no file, not a PDF, too large', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'No analyses yet' });
    await user.click(screen.getByRole('button', { name: 'Upload and Analyze' }));
    expect(screen.getByText(MESSAGES.selectCase)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Case/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectFileToUpload);

    // Dropped files skip the picker's filter.
    fireEvent.drop(zone(), { dataTransfer: { files: [pdf('notes.txt')] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid file type. Allowed: PDF only, more types will be supported in future',
    );
    await user.upload(picker(), pdf('huge.pdf', AI_UPLOAD_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 20MB');
    expect(screen.queryByText('huge.pdf')).not.toBeInTheDocument();
    expect(FakeXhrCount()).toBe(0);
  });

  it('takes a dropped file, and the zone opens the picker from the keyboard', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'No analyses yet' });
    fireEvent.drop(zone(), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(screen.getByText('dropped.pdf')).toBeInTheDocument();

    let opened = 0;
    picker().addEventListener('click', () => (opened += 1));
    zone().focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toBe(2);
  });

  it('uploads with status pending and real progress; the new analysis appears and opens when ready', async () => {
    let calls = 0;
    const uploaded = documentOf(7, { fileName: 'policy.pdf', analysisStatus: 'pending' });
    const { user } = open(() => {
      calls += 1;
      if (calls === 1) return [];
      if (calls === 2) return [uploaded];
      return [completed(7, { fileName: 'policy.pdf' })];
    });
    const caseSelect = screen.getByRole('combobox', { name: /^Case/ });
    await within(caseSelect).findByRole('option', { name: 'CASE-2026-001 · Roof collapse' });
    await user.selectOptions(caseSelect, CASE_ID);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Document type/ }), 'Contract');
    await user.upload(picker(), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload and Analyze' }));

    const xhr = await nextXhr();
    expect(xhr.fields()).toEqual({ caseId: CASE_ID, status: 'pending', documentType: 'contract' });
    xhr.progress(300, 400);
    expect(screen.getByRole('progressbar', { name: 'Uploading…' })).toHaveAttribute('aria-valuenow', '75');
    xhr.respond(200, { message: 'Document uploaded', data: uploaded });

    const list = await screen.findByRole('list', { name: 'Recent Analyses' });
    expect(await within(list).findByText('Analyzing… this usually takes a few seconds.')).toBeInTheDocument();
    // Polling brings the result without a reload; the item is open already.
    expect(await within(list).findByText('87% confidence', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /policy\.pdf/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(list).getByText('A homeowner policy covering wind and hail.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  }, 20_000);

  it('shows the server message, else "Upload failed. Please try again."', async () => {
    const { user } = open();
    const caseSelect = screen.getByRole('combobox', { name: /^Case/ });
    await within(caseSelect).findByRole('option', { name: 'CASE-2026-001 · Roof collapse' });
    await user.selectOptions(caseSelect, CASE_ID);
    await user.upload(picker(), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload and Analyze' }));
    (await nextXhr()).respond(413, { error: MESSAGES.aiFileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.aiFileTooLarge);

    await user.click(screen.getByRole('button', { name: 'Upload and Analyze' }));
    (await nextXhr()).respond(502);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploadFailedToast));
  });

  it('lists only documents sent for analysis, newest first as the server sends them', async () => {
    open(() => [
      completed(3, { fileName: 'newest.pdf' }),
      documentOf(2, { fileName: 'plain.txt' }),
      documentOf(1, {
        fileName: 'broken.pdf',
        analysisStatus: 'failed',
        analysisError: 'The analysis failed: no text',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Recent Analyses' });
    expect(
      within(list)
        .getAllByRole('button', { expanded: false })
        .map((button) => button.textContent),
    ).toEqual([expect.stringMatching(/^newest\.pdf/), expect.stringMatching(/^broken\.pdf/)]);
    expect(within(list).getByText('Contract · 87% confidence')).toBeInTheDocument();
  });
});

const FakeXhrCount = () => (globalThis.XMLHttpRequest as unknown as { sent: unknown[] }).sent.length;
