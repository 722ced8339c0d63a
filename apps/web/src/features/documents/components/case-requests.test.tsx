import { WORKFLOW_MESSAGES, type DocumentRequestView } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { CaseRequests } from './case-requests';

const CASE_ID = '00000000-0000-4000-8000-000000000301';
const URL = `/api/cases/${CASE_ID}/document-requests`;
const request = (over: Partial<DocumentRequestView> = {}): DocumentRequestView => ({
  id: '00000000-0000-4000-8000-000000000501',
  title: 'Signed proof of loss',
  note: 'Page 2 needs a signature',
  status: 'open',
  createdAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

describe('the case page’s requests of the client', () => {
  it('asks for a document after checking the form, then lists it', async () => {
    signIn(attorney);
    let rows: DocumentRequestView[] = [];
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [`GET ${URL}`]: () => json(200, { data: rows }),
      [`POST ${URL}`]: () => {
        rows = [request({ title: 'Repair invoice', note: '' })];
        return json(201, { data: rows[0], message: WORKFLOW_MESSAGES.requestCreated });
      },
    });
    const { user } = renderWithRouter(<CaseRequests caseId={CASE_ID} />, `/cases/${CASE_ID}`);
    expect(
      await screen.findByText('Nothing has been requested from the client on this case.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request document' }));
    expect(await screen.findByText('Enter the document to request')).toBeInTheDocument();
    expect(screen.getByLabelText('Document to request')).toHaveFocus();
    expect(callsTo(`POST ${URL}`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Document to request'), '  Repair invoice ');
    await user.click(screen.getByRole('button', { name: 'Request document' }));
    await waitFor(() => expect(callsTo(`POST ${URL}`)).toHaveLength(1));
    expect(callsTo(`POST ${URL}`)[0]!.body).toEqual({ title: 'Repair invoice', note: '' });
    const list = await screen.findByRole('list', { name: 'Requested documents' });
    expect(within(list).getByText('Repair invoice')).toBeInTheDocument();
    expect(within(list).getByText('Waiting for the client')).toBeInTheDocument();
  });

  it('marks one received, and shows a refused change', async () => {
    signIn(attorney);
    let status: DocumentRequestView['status'] = 'open';
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [`GET ${URL}`]: () => json(200, { data: [request({ status })] }),
      [`PATCH ${URL}/${request().id}`]: (call) => {
        const body = call.body as { status: DocumentRequestView['status'] };
        if (body.status === 'open')
          return json(409, {
            error: WORKFLOW_MESSAGES.requestExists,
            message: WORKFLOW_MESSAGES.requestExists,
          });
        status = body.status;
        return json(200, { data: request({ status }), message: WORKFLOW_MESSAGES.requestUpdated });
      },
    });
    const { user } = renderWithRouter(<CaseRequests caseId={CASE_ID} />, `/cases/${CASE_ID}`);
    expect(await screen.findByText(/Page 2 needs a signature/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark received: Signed proof of loss' }));
    expect(await screen.findByText('Received')).toBeInTheDocument();
    expect(callsTo(`PATCH ${URL}/${request().id}`)[0]!.body).toEqual({ status: 'received' });
    await user.click(screen.getByRole('button', { name: 'Reopen: Signed proof of loss' }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.requestExists)).toBeInTheDocument();
  });
});
