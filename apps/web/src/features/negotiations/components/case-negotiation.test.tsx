import { NEGOTIATION_MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { currentUrl, renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { CaseNegotiation } from './case-negotiation';

const CASE_ID = '00000000-0000-4000-8000-000000000301';
const NEGOTIATION_ID = '00000000-0000-4000-8000-000000000401';
const BY_CASE = `GET /api/cases/${CASE_ID}/negotiation`;

describe('the case page’s Negotiation tab', () => {
  it('links to the case’s negotiation', async () => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      [BY_CASE]: () => json(200, { data: { id: NEGOTIATION_ID, status: 'open' } }),
    });
    renderWithRouter(<CaseNegotiation caseId={CASE_ID} />, `/cases/${CASE_ID}`);
    expect(await screen.findByRole('link', { name: 'Open negotiation' })).toHaveAttribute(
      'href',
      `/negotiations/${NEGOTIATION_ID}`,
    );
    expect(screen.getByText('Status: Open')).toBeInTheDocument();
  });

  it('says there is none yet and starts one for this case', async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [BY_CASE]: () => json(200, { data: null }),
      'POST /api/negotiations': () => json(201, { data: { id: NEGOTIATION_ID } }),
    });
    const { router, user } = renderWithRouter(<CaseNegotiation caseId={CASE_ID} />, `/cases/${CASE_ID}`);
    expect(await screen.findByText('No negotiation has been started for this case.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start negotiation' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/negotiations/${NEGOTIATION_ID}`));
    expect(callsTo('POST /api/negotiations')[0]!.body).toEqual({ caseId: CASE_ID });
    expect(await screen.findByText(NEGOTIATION_MESSAGES.started)).toBeInTheDocument();
  });
});
