import type { CaseResponse } from '@sentinel/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useStoreCase } from './cases';
import { queryKeys } from './query-keys';

describe('useStoreCase', () => {
  it('keeps the answer as the case page and refetches the lists, the case’s deadlines and the calendar', async () => {
    const client = new QueryClient();
    const seeded = [
      queryKeys.cases.all,
      queryKeys.deadlines.ofCase('case-1'),
      queryKeys.deadlines.ofCase('case-2'),
      queryKeys.calendar.all,
    ];
    for (const key of seeded) client.setQueryData(key, { seeded: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useStoreCase(), { wrapper });
    const answer = { data: { id: 'case-1' } } as CaseResponse;
    await result.current(answer);

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(client.getQueryData(queryKeys.cases.detail('case-1'))).toBe(answer);
    expect(stale(queryKeys.cases.all)).toBe(true);
    expect(stale(queryKeys.deadlines.ofCase('case-1'))).toBe(true);
    expect(stale(queryKeys.calendar.all)).toBe(true);
    // Another case's deadlines did not change.
    expect(stale(queryKeys.deadlines.ofCase('case-2'))).toBe(false);
  });
});
