import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing settles for this long before a list is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

/** A page number from the URL: a whole number from 1, else 1. */
export const positivePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * The search box of a list: what is typed (`term`) becomes the search (`commit`) once typing has
 * paused. A search that changes from outside (Back, a link) is copied into the box; the search
 * this box committed itself is not, so letters typed meanwhile are kept.
 */
export function useSearchTerm(search: string, commit: (next: string) => void) {
  const [term, setTerm] = useState(search);
  const committed = useRef(search);

  useEffect(() => {
    if (search === committed.current) return;
    committed.current = search;
    setTerm(search);
  }, [search]);

  useEffect(() => {
    const next = term.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      committed.current = next;
      commit(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, search, commit]);

  const clear = useCallback(() => {
    setTerm('');
    committed.current = '';
    commit('');
  }, [commit]);

  return { term, setTerm, clear };
}

export interface ListParamsOptions<Size extends number | 'all', Sort extends string> {
  pageSizes: readonly Size[];
  defaultPageSize: Size;
  sorts?: readonly Sort[];
  defaultSort?: Sort;
  /** Where the page size is kept when not in the URL (the client directory: localStorage). */
  pageSizeStore?: readonly [Size, (size: Size) => void];
  /** Every change replaces the history entry instead of adding one. */
  replaceHistory?: boolean;
}

/**
 * A list's search, page, page size and sort, kept in the URL (`?search=&page=&pageSize=&sort=`,
 * defaults left out) so back, forward and reload show the same view. The search is debounced
 * (`term` is the box, `search` what the list shows); a new search, size or sort starts at page 1.
 */
export function useListParams<Size extends number | 'all', Sort extends string = never>({
  pageSizes,
  defaultPageSize,
  sorts,
  defaultSort,
  pageSizeStore,
  replaceHistory = false,
}: ListParamsOptions<Size, Sort>) {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = positivePage(params.get('page'));
  const sortParam = params.get('sort');
  const sort = sorts?.find((option) => option === sortParam) ?? defaultSort;
  const urlSize = pageSizes.find((option) => String(option) === params.get('pageSize')) ?? defaultPageSize;
  const pageSize = pageSizeStore ? pageSizeStore[0] : urlSize;
  const storeSize = pageSizeStore?.[1];

  /** Sets or removes (null) query parameters. */
  const update = useCallback(
    (changes: Record<string, string | null>, replace = replaceHistory) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams, replaceHistory],
  );

  const commitSearch = useCallback((next: string) => update({ search: next || null, page: null }), [update]);
  const { term, setTerm, clear: clearSearch } = useSearchTerm(search, commitSearch);

  const setPage = useCallback(
    (next: number, replace?: boolean) => update({ page: next > 1 ? String(next) : null }, replace),
    [update],
  );

  const setPageSize = useCallback(
    (size: Size) => {
      if (storeSize) {
        storeSize(size);
        update({ page: null });
      } else update({ pageSize: size === defaultPageSize ? null : String(size), page: null });
    },
    [storeSize, update, defaultPageSize],
  );

  const setSort = useCallback(
    (next: Sort) => update({ sort: next === defaultSort ? null : next, page: null }),
    [update, defaultSort],
  );

  return { search, term, setTerm, clearSearch, page, setPage, pageSize, setPageSize, sort, setSort };
}
