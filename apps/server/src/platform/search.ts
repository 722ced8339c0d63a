/**
 * `%term%` for LIKE against a lower-cased search column (see the search_text triggers in
 * migration 0003), with LIKE's own wildcards taken literally. pg_trgm indexes serve it.
 */
export const containsPattern = (term: string) =>
  `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
