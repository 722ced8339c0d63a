import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AMOUNT_KINDS, DATE_KINDS, DOCUMENT_TYPES, PERSON_ROLES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { assignSplits, corpusDir, readManifest } from './corpus';

const manifest = readManifest();

describe('corpus', () => {
  it('lists every document file once, under the folder of its label', () => {
    const onDisk = DOCUMENT_TYPES.flatMap((type) =>
      readdirSync(path.join(corpusDir, type))
        .filter((f) => f.endsWith('.txt'))
        .map((f) => `${type}/${f}`),
    ).sort();
    const listed = manifest.files.map((f) => f.file).sort();
    expect(listed).toEqual(onDisk);
    expect(new Set(listed).size).toBe(listed.length);
    for (const entry of manifest.files) {
      expect(entry.file.startsWith(`${entry.label}/`)).toBe(true);
      expect(existsSync(path.join(corpusDir, entry.file))).toBe(true);
    }
  });

  it('has at least 30 documents of each type, each with a licence and its provenance', () => {
    for (const type of DOCUMENT_TYPES)
      expect(manifest.files.filter((f) => f.label === type).length).toBeGreaterThanOrEqual(30);
    for (const entry of manifest.files) {
      expect(entry.licence).toBe('CC0-1.0');
      expect(entry.provenance).toMatch(/self-written/);
    }
  });

  it('splits files by the deterministic rule (about 60 / 15 / 25 % per type)', () => {
    const expected = assignSplits(manifest.files);
    for (const entry of manifest.files.filter((f) => f.split !== 'fresh'))
      expect(entry.split, entry.file).toBe(expected.get(entry.file));
    for (const type of DOCUMENT_TYPES) {
      const ofType = manifest.files.filter((f) => f.label === type && f.split !== 'fresh');
      const share = (split: string) => ofType.filter((f) => f.split === split).length / ofType.length;
      expect(share('held_out')).toBeCloseTo(0.25, 1);
      expect(share('calibration')).toBeCloseTo(0.15, 1);
    }
  });

  it('keeps the documents written after the freeze apart: named fresh-…, split "fresh"', () => {
    for (const entry of manifest.files)
      expect(entry.split === 'fresh', entry.file).toBe(path.basename(entry.file).startsWith('fresh-'));
  });

  it('gives gold entities in the shapes of the wire contract', () => {
    for (const { file, gold } of manifest.files) {
      for (const p of gold.persons) expect(p.role === null || PERSON_ROLES.includes(p.role), file).toBe(true);
      for (const d of gold.dates) {
        expect(DATE_KINDS, file).toContain(d.kind);
        expect(new Date(`${d.date}T00:00:00Z`).toISOString().slice(0, 10), file).toBe(d.date);
      }
      for (const a of gold.amounts) {
        expect(AMOUNT_KINDS, file).toContain(a.kind);
        expect(a.value, file).toBeGreaterThan(0);
      }
    }
  });
});
