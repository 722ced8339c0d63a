/**
 * Answers that are expensive to compute over a whole firm (the dashboard's figures, the total of
 * a case search) kept per firm until that firm's data changes. Every change of cases or clients
 * calls `changed(firmId)`, which drops the firm's entries on this instance at once; entries also
 * expire after TTL_MS, which bounds how stale another instance of the server can be.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES_PER_FIRM = 500;

export class FirmCache {
  private readonly firms = new Map<string, Map<string, { at: number; value: Promise<unknown> }>>();

  async get<T>(firmId: string, key: string, compute: () => Promise<T>): Promise<T> {
    let entries = this.firms.get(firmId);
    if (!entries) this.firms.set(firmId, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
    if (entries.size >= MAX_ENTRIES_PER_FIRM) entries.clear();
    const value = compute();
    entries.set(key, { at: Date.now(), value });
    // A failed computation is not remembered.
    value.catch(() => entries.delete(key));
    return value;
  }

  changed(firmId: string): void {
    this.firms.delete(firmId);
  }
}
