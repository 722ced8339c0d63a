import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '@sentinel/shared';
import { FRESH_TYPES_DIR, loadRealCorpus } from '../corpus/real';
import { scoreFreshTypes } from './cross-validate';

describe('the committed model on documents of sources the corpus lacks (evaluation/fresh-types)', () => {
  it('holds thirty redistributable documents, six of each type, that two labellers typed alike', () => {
    const docs = loadRealCorpus(FRESH_TYPES_DIR);
    expect(docs).toHaveLength(30);
    for (const type of DOCUMENT_TYPES) expect(docs.filter((d) => d.label === type)).toHaveLength(6);
    expect(docs.filter((d) => !d.redistributable)).toEqual([]);
    const labels = JSON.parse(readFileSync(path.join(FRESH_TYPES_DIR, 'labels.json'), 'utf8')) as Array<{
      class: string;
      blind_class: string;
    }>;
    expect(labels.filter((l) => l.class !== l.blind_class)).toEqual([]);
  });

  it('types at least 24 of them right (25 at its first run, 2026-11-29)', () => {
    const fresh = scoreFreshTypes();
    expect(Math.round(fresh.accuracy * fresh.documents)).toBeGreaterThanOrEqual(24);
  });
});
