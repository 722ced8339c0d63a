import { MESSAGES, downloadFailedToast, type DocumentDetail } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { pollWhilePending, POLL_INTERVAL_MS } from '@/api/documents';
import { CASE_ID, completed, documentOf } from '../testing';
import { CaseDocuments } from './case-documents';
import { DocumentsPage } from './documents-page';

const LIST = `GET /api/document/${attorney.userId}/all`;
const SIGNED_URL = 'https://files.example.test/api/files/abc?d=attachment&e=1&s=sig';

function open(list: FetchHandler, handlers: Record<string, FetchHandler> = {}) {
  signIn(attorney);
  const fetches = mockFetch({ [LIST]: list, ...handlers });
  return { ...fetches, ...renderWithRouter(<DocumentsPage />, '/documents') };
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('tr')!;

describe('documents list', () => {
  beforeEach(() => setScreenWide(true));
  afterEach(() => vi.restoreAllMocks());

  it('says when a file has active content, and offers it only as a download', async () => {
    open(() =>
      json(200, {
        data: [
          documentOf(1, { fileName: 'estimate.pdf', activeContent: ['JavaScript', 'embedded files'] }),
          documentOf(2, { fileName: 'letter.pdf' }),
        ],
      }),
    );
    const estimate = within(await screen.findByRole('row', { name: /estimate\.pdf/ }));
    expect(
      estimate.getByText('Contains JavaScript and embedded files: download only, open with care.'),
    ).toBeInTheDocument();
    expect(estimate.queryByRole('button', { name: 'View estimate.pdf' })).not.toBeInTheDocument();
    expect(estimate.getByRole('button', { name: 'Download estimate.pdf' })).toBeInTheDocument();
    const letter = within(rowOf('letter.pdf'));
    expect(letter.getByRole('button', { name: 'View letter.pdf' })).toBeInTheDocument();
    expect(letter.queryByText(/download only/)).not.toBeInTheDocument();
  });

  it('shows name, case, size, upload date and uploader, and the analysis state of each document', async () => {
    open(() =>
      json(200, {
        data: [
          completed(1, { fileName: 'policy.pdf', fileSize: 1536 }),
          documentOf(2, {
            fileName: 'letter.pdf',
            analysisStatus: 'failed',
            analysisError: 'The analysis failed: unreadable',
          }),
          documentOf(3, {
            fileName: 'notes.txt',
            caseId: null,
            caseNumber: null,
            caseTitle: null,
            canDelete: false,
            canReview: false,
          }),
        ],
      }),
    );
    const policy = within(await screen.findByRole('row', { name: /policy\.pdf/ }));
    expect(policy.getByText('CASE-2026-001 · Roof collapse')).toBeInTheDocument();
    expect(policy.getByText('1.5 KB')).toBeInTheDocument();
    expect(policy.getByText('by Ada Lovelace')).toBeInTheDocument();
    expect(policy.getByText('AI Analyzed')).toBeInTheDocument();
    expect(policy.queryByRole('button', { name: /^Analyze/ })).not.toBeInTheDocument();

    const letter = within(rowOf('letter.pdf'));
    expect(letter.getByText('Analysis failed')).toBeInTheDocument();
    expect(letter.getByText('The analysis failed: unreadable')).toBeInTheDocument();
    expect(letter.getByRole('button', { name: 'Analyze letter.pdf' })).toBeInTheDocument();

    const notes = within(rowOf('notes.txt'));
    expect(notes.getByText('No case')).toBeInTheDocument();
    expect(notes.getByText('Not analyzed')).toBeInTheDocument();
    // Neither delete nor analyse for someone who may not.
    expect(notes.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(notes.queryByRole('button', { name: /^Analyze/ })).not.toBeInTheDocument();
  });

  it('expands a completed document to its analysis', async () => {
    const { user } = open(() => json(200, { data: [completed(1, { fileName: 'policy.pdf' })] }));
    await user.click(await screen.findByRole('button', { name: 'Show analysis of policy.pdf' }));
    expect(screen.getByRole('button', { name: 'Hide analysis of policy.pdf' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('A homeowner policy covering wind and hail.')).toBeInTheDocument();
    expect(screen.getByText('87% confidence')).toBeInTheDocument();
  });

  it('searches by file name on the server once typing pauses', async () => {
    const { user, callsTo } = open((call) =>
      json(200, {
        data:
          new URL(call.url, 'http://localhost').searchParams.get('search') === 'roof' ? [] : [completed(1)],
      }),
    );
    await screen.findByText('document-1.pdf', { selector: 'p' });
    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'roof');
    expect(await screen.findByRole('heading', { name: 'No documents found' })).toBeInTheDocument();
    const searched = callsTo(LIST).map((call) =>
      new URL(call.url, 'http://localhost').searchParams.get('search'),
    );
    // Debounced: one search for the whole word, none per letter.
    expect(searched).toEqual([null, 'roof']);
  });

  it('polls every 2 s while a document is pending and stops once none is', async () => {
    expect(pollWhilePending({ data: [documentOf(1, { analysisStatus: 'pending' })] })).toBe(POLL_INTERVAL_MS);
    expect(pollWhilePending({ data: [completed(1), documentOf(2)] })).toBe(false);
    expect(pollWhilePending(undefined)).toBe(false);

    let calls = 0;
    const { callsTo } = open(() => {
      calls += 1;
      return json(200, {
        data: [calls === 1 ? documentOf(1, { analysisStatus: 'pending' }) : completed(1)],
      });
    });
    expect(await screen.findByText('Analyzing…')).toBeInTheDocument();
    // The next load comes by itself, without a reload, and shows the result.
    expect(await screen.findByText('AI Analyzed', {}, { timeout: POLL_INTERVAL_MS * 3 })).toBeInTheDocument();
    const after = callsTo(LIST).length;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS * 1.5));
    expect(callsTo(LIST)).toHaveLength(after);
  }, 20_000);

  it('View opens the signed inline link in a new tab without an opener', async () => {
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, callsTo } = open(() => json(200, { data: [completed(1)] }), {
      [`GET /api/document/${completed(1).id}/signedUrl`]: () =>
        json(200, { url: 'https://x.test/api/files/1?d=inline', expiresAt: '2026-03-01T10:05:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'View document-1.pdf' }));
    await waitFor(() =>
      expect(openSpy).toHaveBeenCalledWith(
        'https://x.test/api/files/1?d=inline',
        '_blank',
        'noopener,noreferrer',
      ),
    );
    expect(callsTo(`GET /api/document/${completed(1).id}/signedUrl`)[0]?.url).toContain('disposition=inline');
  });

  it('Download fetches the signed link and saves the bytes under the file name', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:1';
        },
        revokeObjectURL: () => {},
      }),
    );
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const doc = completed(1, { fileName: 'Roof estimate.pdf' });
    const { user, callsTo } = open(() => json(200, { data: [doc] }), {
      [`GET /api/document/${doc.id}/signedUrl`]: () => json(200, { url: SIGNED_URL, expiresAt: 'x' }),
      'GET /api/files/abc': () => new Response('%PDF-1.4', { status: 200 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Roof estimate.pdf' }));
    await waitFor(() => expect(savedAs).toBe('Roof estimate.pdf'));
    expect(await created[0]!.text()).toBe('%PDF-1.4');
    expect(callsTo(`GET /api/document/${doc.id}/signedUrl`)[0]?.url).toContain('disposition=attachment');
    // The signed link is its own permission: no bearer token goes with it.
    expect(callsTo('GET /api/files/abc')[0]?.headers.get('Authorization')).toBeNull();
  });

  it('a failed download shows the spec toast and logs "Download failed: {status}"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const doc = completed(1, { fileName: 'policy.pdf' });
    const { user } = open(() => json(200, { data: [doc] }), {
      [`GET /api/document/${doc.id}/signedUrl`]: () => json(200, { url: SIGNED_URL, expiresAt: 'x' }),
      'GET /api/files/abc': () => new Response('gone', { status: 404 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download policy.pdf' }));
    expect(await screen.findByText(downloadFailedToast('policy.pdf'))).toBeInTheDocument();
    expect(screen.getByText('Download failed: 404')).toBeInTheDocument();
    expect(String(logged.mock.calls[0]?.[1])).toContain('Download failed: 404');
  });

  it('deletes after confirmation; a failed delete is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let rows: DocumentDetail[] = [
      completed(1, { fileName: 'policy.pdf' }),
      documentOf(2, { fileName: 'keep.pdf' }),
    ];
    const { user, callsTo } = open(() => json(200, { data: rows }), {
      [`DELETE /api/document/${completed(1).id}`]: () => {
        rows = rows.filter((row) => row.fileName !== 'policy.pdf');
        return json(200, { message: MESSAGES.documentDeleted });
      },
      [`DELETE /api/document/${documentOf(2).id}`]: () => json(500, { error: 'Boom', code: 'INTERNAL' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete policy.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete document?' });
    expect(confirm).toHaveTextContent('“policy.pdf” will be deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('policy.pdf', { selector: 'p' })).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.documentDeleted)).toBeInTheDocument();
    expect(callsTo(`DELETE /api/document/${completed(1).id}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete keep.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('keep.pdf', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('Analyze queues the analysis and the row turns to Analyzing…', async () => {
    const doc = documentOf(1, { fileName: 'notes.pdf' });
    let queued = false;
    const { user, callsTo } = open(
      () => json(200, { data: [queued ? { ...doc, analysisStatus: 'pending' } : doc] }),
      {
        [`POST /api/document/${doc.id}/analyze`]: () => {
          queued = true;
          return json(200, { data: { ...doc, analysisStatus: 'pending' } });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Analyze notes.pdf' }));
    expect(await screen.findByText('Analyzing…')).toBeInTheDocument();
    expect(callsTo(`POST /api/document/${doc.id}/analyze`)).toHaveLength(1);
  });

  it('shows cards on phones with the same actions', async () => {
    setScreenWide(false);
    open(() => json(200, { data: [completed(1, { fileName: 'policy.pdf' })] }));
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(within(list).getByRole('button', { name: 'View policy.pdf' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download policy.pdf' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Show analysis of policy.pdf' })).toBeInTheDocument();
  });
});

describe('case Documents tab', () => {
  beforeEach(() => setScreenWide(true));

  it("lists the case's documents and lets an attorney share one with the client", async () => {
    signIn(attorney);
    let doc = completed(1, { fileName: 'policy.pdf' });
    const { callsTo } = mockFetch({
      [LIST]: () => json(200, { data: [doc] }),
      [`PATCH /api/document/${doc.id}`]: () => {
        doc = { ...doc, sharedWithClient: true };
        return json(200, { data: doc });
      },
    });
    const { user } = renderWithRouter(
      <CaseDocuments caseId={CASE_ID} caseLabel="CASE-2026-001 · Roof collapse" canShare />,
      `/cases/${CASE_ID}?tab=documents`,
    );
    const toggle = await screen.findByRole('switch', { name: 'Shared with client: policy.pdf' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(new URL(callsTo(LIST)[0]!.url, 'http://localhost').searchParams.get('caseId')).toBe(CASE_ID);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo(`PATCH /api/document/${doc.id}`)[0]?.body).toEqual({ sharedWithClient: true });
  });

  it('has no share switch for others, and uploads go into the case', async () => {
    signIn(propertyOwner);
    mockFetch({
      [`GET /api/document/${propertyOwner.userId}/all`]: () =>
        json(200, { data: [completed(1, { fileName: 'policy.pdf', canDelete: false, canReview: false })] }),
    });
    const { user } = renderWithRouter(
      <CaseDocuments caseId={CASE_ID} caseLabel="CASE-2026-001 · Roof collapse" canShare={false} />,
    );
    await screen.findByText('policy.pdf', { selector: 'p' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'photo.jpg', { type: 'image/jpeg' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    expect(dialog).toHaveTextContent('Case: CASE-2026-001 · Roof collapse');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });
});
