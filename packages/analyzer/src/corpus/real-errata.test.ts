import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir } from '../package-dir';
import { personKey, realEntitySplit, samePerson } from '../evaluate-real';
import { loadRealCorpus, realCorpusDir } from './real';
import { PERSON_ERRATA, withPersonErrata } from './real-errata';

const collapse = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();

describe.skipIf(!realCorpusDir())('person errata of the real corpus', () => {
  const docs = realCorpusDir() ? loadRealCorpus() : [];
  const byId = new Map(docs.map((d) => [d.id, d]));

  it.each(PERSON_ERRATA)('$doc: $name is in the text, in its evidence, and not yet labelled', (e) => {
    const doc = byId.get(e.doc)!;
    const text = collapse(doc.text);
    expect(text).toContain(collapse(e.evidence));
    // The evidence names the person: its surname (the last word of the name) is in it.
    expect(collapse(e.evidence)).toContain(collapse(e.name.split(' ').at(-1)!));
    expect(doc.gold.persons.filter((p) => samePerson(personKey(p), personKey(e.name)))).toEqual([]);
  });

  it('adds each erratum to its document only, and 47 to the test half', () => {
    const corrected = withPersonErrata(docs);
    const added = corrected.reduce((n, d, i) => n + d.gold.persons.length - docs[i]!.gold.persons.length, 0);
    expect(added).toBe(PERSON_ERRATA.length);
    const testIds = new Set(realEntitySplit(docs).test.map((d) => d.id));
    expect(PERSON_ERRATA.filter((e) => testIds.has(e.doc))).toHaveLength(47);
  });

  it('holds the test half errata to the blind review: each was called a person, and nothing else was', () => {
    const review = JSON.parse(
      readFileSync(path.join(packageDir, 'evaluation/person-errata-review.json'), 'utf8'),
    ) as {
      verdicts: Array<{ doc: string; name: string; verdict: 'person' | 'not a person'; note?: string }>;
    };
    const testIds = new Set(realEntitySplit(docs).test.map((d) => d.id));
    const sameAs = (doc: string, name: string) => (e: { doc: string; name: string }) =>
      e.doc === doc && samePerson(personKey(e.name), personKey(name));
    for (const e of PERSON_ERRATA.filter((x) => testIds.has(x.doc))) {
      const verdict = review.verdicts.find(sameAs(e.doc, e.name));
      expect(verdict, `${e.doc} ${e.name} was reviewed`).toBeDefined();
      // A person, or a disagreement the review's note explains.
      expect(verdict!.verdict === 'person' || Boolean(verdict!.note), `${e.doc} ${e.name}`).toBe(true);
    }
    for (const v of review.verdicts.filter((x) => x.verdict === 'person'))
      expect(PERSON_ERRATA.some(sameAs(v.doc, v.name)), `${v.doc} ${v.name} is an erratum`).toBe(true);
    expect(review.verdicts.filter((v) => v.verdict === 'person')).toHaveLength(46);
  });
});
