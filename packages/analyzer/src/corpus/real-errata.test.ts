import { describe, expect, it } from 'vitest';
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
});
