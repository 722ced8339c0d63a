import { MESSAGES } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { installFakeXhr, nextXhr } from '@/testing/fake-xhr';
import { casesAnswer, CASE_ID, documentOf } from '../testing';
import { DocumentsPage } from './documents-page';

const LIST = `GET /api/document/${attorney.userId}/all`;

function open() {
  signIn(attorney);
  const fetches = mockFetch({
    [LIST]: () => json(200, { data: [] }),
    'GET /api/cases': () => json(200, casesAnswer),
  });
  return { ...fetches, ...renderWithRouter(<DocumentsPage />, '/documents') };
}

const report = () => new File(['Roof report'], 'roof-report.txt', { type: 'text/plain' });

async function chooseFile(user: ReturnType<typeof open>['user'], file = report()) {
  await screen.findByRole('heading', { name: 'No documents yet' });
  // The Upload Document button opens the picker; the picker's input takes the file.
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt,.jpg,.png,.zip');
  await user.upload(input, file);
  return screen.findByRole('dialog', { name: 'Upload Document' });
}

describe('upload modal', () => {
  beforeEach(() => {
    installFakeXhr();
    // Failed uploads are logged; keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens when a file is chosen, shows real progress, disables Upload while uploading and closes on success', async () => {
    const { user, callsTo } = open();
    const dialog = await chooseFile(user);
    expect(within(dialog).getByText('roof-report.txt')).toBeInTheDocument();
    const select = within(dialog).getByLabelText(/^Case/);
    await within(select).findByRole('option', { name: 'CASE-2026-001 · Roof collapse' });
    await user.selectOptions(select, CASE_ID);

    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeEnabled();
    await user.click(upload);

    const xhr = await nextXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/document/upload/single');
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    expect(xhr.timeout).toBe(300_000);
    expect(xhr.fields()).toEqual({
      uploaderId: attorney.userId,
      uploaderEmail: attorney.email,
      uploadedByType: 'attorney',
      analysisStatus: 'not_analyzed',
      caseId: CASE_ID,
    });
    expect((xhr.body?.get('file') as File).name).toBe('roof-report.txt');

    xhr.progress(512, 1024);
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading…' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    const before = callsTo(LIST).length;
    xhr.respond(200, { message: 'Document uploaded', data: documentOf(1, { fileName: 'roof-report.txt' }) });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('“roof-report.txt” uploaded')).toBeInTheDocument();
    // The list is reloaded.
    await waitFor(() => expect(callsTo(LIST).length).toBeGreaterThan(before));
  });

  it('offers "Analyze after upload", on by default for a PDF, and asks for the analysis', async () => {
    const { user } = open();
    const pdf = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' });
    const dialog = await chooseFile(user, pdf);
    expect(within(dialog).getByRole('checkbox', { name: 'Analyze after upload' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await nextXhr()).fields()).toEqual({
      uploaderId: attorney.userId,
      uploaderEmail: attorney.email,
      uploadedByType: 'attorney',
      analyze: 'true',
    });
  });

  it('uploads a PDF without analysis when "Analyze after upload" is unticked; other files start unticked', async () => {
    const { user } = open();
    let dialog = await chooseFile(user);
    expect(within(dialog).getByRole('checkbox', { name: 'Analyze after upload' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Analyze after upload' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await nextXhr()).fields()).toMatchObject({ analysisStatus: 'not_analyzed' });
  });

  it('shows the server message, else "Upload failed", with the toast "Upload failed. Please try again."', async () => {
    const { user } = open();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    (await nextXhr()).respond(400, { error: 'The file is empty', code: 'VALIDATION_FAILED' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is empty');
    expect(await screen.findByText(MESSAGES.uploadFailedToast)).toBeInTheDocument();
    // Still open, the file still chosen: the user can try again.
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    (await nextXhr()).respond(500);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Upload failed$/));
  });

  it('rejects an answer without data.data as "Upload failed: Invalid response format"', async () => {
    const { user } = open();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    (await nextXhr()).respond(200, { message: 'ok' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.uploadInvalidResponse);
  });

  it('with no file says "Please select a file to upload" and disables Upload; Cancel closes', async () => {
    const { user } = open();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove roof-report.txt' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.selectFileToUpload);
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Cancel during an upload stops it and closes the modal', async () => {
    const { user } = open();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = await nextXhr();
    const toasts = screen.queryAllByText(MESSAGES.uploadFailedToast).length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(xhr.aborted).toBe(true);
    // A cancel is not a failure: no error toast.
    expect(screen.queryAllByText(MESSAGES.uploadFailedToast)).toHaveLength(toasts);
  });
});
