import { EXPERT_MESSAGES, type ExpertDetail, type SessionUser } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, lovelaceLaw, signIn } from '@/testing/session';

/** An expert witness of the firm. */
const expertWitness: SessionUser = {
  ...attorney,
  userId: 'user-9',
  email: 'helen@cho.example',
  first_name: 'Helen',
  last_name: 'Cho',
  userType: 'expert-witness',
  firm: { ...lovelaceLaw, userType: 'expert-witness' },
  firms: [{ ...lovelaceLaw, userType: 'expert-witness' }],
};

const ID = '00000000-0000-4000-8000-0000000000e1';
const CASE_ID = '00000000-0000-4000-8000-0000000000c1';
const DOC_ID = '00000000-0000-4000-8000-0000000000d1';

const detail = (overrides: Partial<ExpertDetail> = {}): ExpertDetail => ({
  id: ID,
  name: 'Dr. Helen Cho',
  specialty: 'Water Damage Specialist',
  credentials: 'IICRC WRT',
  company: 'Cho Moisture Labs',
  availability: 'Busy until May',
  hourlyRate: 310.5,
  email: 'helen@cho.example',
  phone: null,
  notes: '',
  hasAccount: false,
  cvDocument: { id: DOC_ID, fileName: 'cho-cv.pdf' },
  engagementCount: 1,
  updatedAt: '2026-03-01T10:00:00.000Z',
  engagements: [
    {
      caseId: CASE_ID,
      caseNumber: 'CASE-2026-004',
      caseTitle: 'Riverside Plaza Flood',
      caseStatus: 'active',
      scope: 'Moisture mapping',
      reportDueOn: '2031-04-15',
      reportReceivedAt: null,
      engagedAt: '2026-03-01T10:00:00.000Z',
      onCaseTeam: false,
    },
  ],
  ...overrides,
});

describe('expert profile', () => {
  beforeAll(preloadRoutes, 120_000);
  afterEach(() => vi.restoreAllMocks());

  it('shows the details, the CV through its signed link, and the cases engaged on', async () => {
    signIn(attorney);
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [`GET /api/experts/${ID}`]: () => json(200, { data: detail() }),
      [`GET /api/document/${DOC_ID}/signedUrl`]: () =>
        json(200, { url: '/api/files/x?sig=1', expiresAt: '2031-01-01T00:00:00Z' }),
      [`PATCH /api/experts/${ID}/engagements/${CASE_ID}`]: () =>
        json(200, {
          message: EXPERT_MESSAGES.reportReceived,
          data: detail({
            engagements: [{ ...detail().engagements[0]!, reportReceivedAt: '2031-04-10T12:00:00.000Z' }],
          }),
        }),
    });
    const { user } = renderApp(`/experts/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Helen Cho' })).toBeInTheDocument();
    expect(screen.getByText('$310.50')).toBeInTheDocument();
    expect(screen.getAllByText('Busy until May')[0]).toHaveClass('bg-amber-50');
    expect(screen.getByText('None yet: engaging them invites them by e-mail')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View CV' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('/api/files/x?sig=1', '_blank', 'noopener,noreferrer'),
    );
    expect(callsTo(`GET /api/document/${DOC_ID}/signedUrl`)[0]!.url).toContain('disposition=inline');

    const row = within(screen.getByRole('list', { name: 'Cases engaged on' })).getByRole('listitem');
    expect(row).toHaveTextContent('CASE-2026-004 — Riverside Plaza Flood');
    expect(row).toHaveTextContent('Report due Apr 15, 2031');
    expect(row).toHaveTextContent('Not on the case team');
    await user.click(within(row).getByRole('button', { name: 'Mark report received: CASE-2026-004' }));
    expect(await screen.findByText(EXPERT_MESSAGES.reportReceived)).toBeInTheDocument();
    expect(callsTo(`PATCH /api/experts/${ID}/engagements/${CASE_ID}`)[0]!.body).toEqual({
      reportReceived: true,
    });
    expect(await within(row).findByText(/Report received/)).toBeInTheDocument();
  });

  it('explains a refused delete inside the dialog', async () => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      [`GET /api/experts/${ID}`]: () => json(200, { data: detail() }),
      [`DELETE /api/experts/${ID}`]: () =>
        json(409, {
          error: EXPERT_MESSAGES.engagedOnCases(1),
          message: EXPERT_MESSAGES.engagedOnCases(1),
          code: 'CONFLICT',
        }),
    });
    const { user } = renderApp(`/experts/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Dr. Helen Cho?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(EXPERT_MESSAGES.engagedOnCases(1))).toHaveLength(2),
    );
  });
});

describe('Settings → Availability (expert witness)', () => {
  beforeAll(preloadRoutes, 120_000);

  it('saves the expert’s own availability', async () => {
    signIn(expertWitness);
    const summary = { ...detail({ hasAccount: true, availability: 'Available' }) } as Partial<ExpertDetail>;
    delete summary.engagements;
    const { callsTo } = mockFetch({
      ...verifiedAs(expertWitness),
      'GET /api/experts/me': () => json(200, { data: summary }),
      'PUT /api/experts/me/availability': () =>
        json(200, {
          message: EXPERT_MESSAGES.availabilitySaved,
          data: { ...summary, availability: 'Busy until June' },
        }),
    });
    const { user } = renderApp('/settings?tab=availability');
    const field = await screen.findByRole('combobox', { name: /^Availability/ });
    expect(field).toHaveValue('Available');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText(EXPERT_MESSAGES.availabilityRequired)).toBeInTheDocument();
    expect(callsTo('PUT /api/experts/me/availability')).toHaveLength(0);
    await user.type(field, 'Busy until June');
    await user.click(screen.getByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText(EXPERT_MESSAGES.availabilitySaved)).toBeInTheDocument();
    expect(callsTo('PUT /api/experts/me/availability')[0]!.body).toEqual({ availability: 'Busy until June' });
    expect(await screen.findByText('Busy until June', { selector: 'span' })).toHaveClass('bg-amber-50');
  });

  it('tells someone not in the directory so', async () => {
    signIn(expertWitness);
    mockFetch({ ...verifiedAs(expertWitness), 'GET /api/experts/me': () => json(200, { data: null }) });
    renderApp('/settings?tab=availability');
    expect(await screen.findByText(EXPERT_MESSAGES.notInDirectory)).toBeInTheDocument();
  });
});
