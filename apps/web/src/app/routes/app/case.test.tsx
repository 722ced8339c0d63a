import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { attorney, detailOf } from '@/features/cases/testing';
import { completed } from '@/features/documents/testing';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import { signIn } from '@/testing/session';

const CASE = detailOf(5);

describe('case page composition', () => {
  beforeAll(() => import('./case'), 120_000);

  it("adds the documents feature's Documents tab, before the status history", async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [`GET /api/cases/${CASE.id}`]: () => json(200, { data: CASE }),
      [`GET /api/document/${attorney.userId}/all`]: () =>
        json(200, { data: [completed(1, { fileName: 'policy.pdf', caseId: CASE.id })] }),
    });
    renderApp(`/cases/${CASE.id}?tab=documents`);
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Members', 'Documents', 'Status history', 'Activity']);
    const panel = screen.getByRole('tabpanel', { name: 'Documents' });
    expect(await within(panel).findByText('policy.pdf', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Shared with client: policy.pdf' })).toBeInTheDocument();
    expect(
      new URL(
        callsTo(`GET /api/document/${attorney.userId}/all`)[0]!.url,
        'http://localhost',
      ).searchParams.get('caseId'),
    ).toBe(CASE.id);
  });
});
