import { CLIENT_PAGE_SIZES, DEFAULT_CLIENT_PAGE_SIZE, STORAGE_KEYS } from '@sentinel/shared';
import { useCallback, useState } from 'react';

/** 10, 12, 20 or 'all' (spec §9). */
export type ClientsPageSize = (typeof CLIENT_PAGE_SIZES)[number];

/** Reads a stored or chosen value ('12', 'all'); anything else is not a page size. */
function parseClientsPageSize(value: string | null | undefined): ClientsPageSize | null {
  if (value === 'all') return 'all';
  const size = Number(value);
  return (CLIENT_PAGE_SIZES as readonly (number | string)[]).includes(size)
    ? (size as ClientsPageSize)
    : null;
}

function readStored(): ClientsPageSize {
  try {
    return (
      parseClientsPageSize(localStorage.getItem(STORAGE_KEYS.clientsPageSize)) ?? DEFAULT_CLIENT_PAGE_SIZE
    );
  } catch {
    return DEFAULT_CLIENT_PAGE_SIZE;
  }
}

/** The directory's page size: 12 by default, remembered in localStorage as clientsPageSize (spec §3). */
export function useClientsPageSize(): [ClientsPageSize, (size: ClientsPageSize) => void] {
  const [size, setSize] = useState<ClientsPageSize>(readStored);
  const choose = useCallback((next: ClientsPageSize) => {
    setSize(next);
    try {
      localStorage.setItem(STORAGE_KEYS.clientsPageSize, String(next));
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  }, []);
  return [size, choose];
}
