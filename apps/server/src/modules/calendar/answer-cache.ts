import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/**
 * A calendar answer as sent: its JSON in UTF-8 (writing a 200 kB string cost the socket more than
 * the rest of the request), and that compressed with gzip once a browser asks for it (a tenth of
 * the size; compressed off the event loop, once per answer).
 */
export class SentAnswer {
  private gzipped: Promise<Buffer> | undefined;

  constructor(readonly json: Buffer) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.json);
    return this.gzipped;
  }
}

/**
 * Calendar answers kept while their firm's calendar generation stands. Unlike FirmCache, nothing
 * here is told of changes: the database moves the generation on in the commit of every change a
 * calendar is made of (triggers of migration 0013: events, attendees, reminders, cases, case
 * teams, documents), whichever code or server instance made it, so no answer is served after a
 * change to it has committed. Bounded by size; the least recently used goes first.
 */
export class CalendarAnswerCache {
  private readonly kept: LRUCache<string, { generation: number; answer: SentAnswer }>;

  /** `maxBytes`: the most the kept answers may hold (with their compressed form). */
  constructor(private readonly maxBytes: number) {
    this.kept = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: ({ answer }, key) => Math.ceil(answer.json.length * 1.2) + 2 * key.length + 64,
    });
  }

  /** The answer kept under `key` if it was read under `generation`. */
  get(key: string, generation: number): SentAnswer | undefined {
    const entry = this.kept.get(key);
    return entry?.generation === generation ? entry.answer : undefined;
  }

  /** Keeps an answer read under `generation` (one larger than a quarter of the cache is not kept). */
  set(key: string, generation: number, answer: SentAnswer): void {
    if (answer.json.length > this.maxBytes / 4) return;
    this.kept.set(key, { generation, answer });
  }
}
