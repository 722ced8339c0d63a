import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';
import path from 'node:path';
import { documentAnalysis, type DocumentAnalysis } from '@sentinel/shared';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { corpusDir, loadCorpus } from './corpus/corpus';
import { FIXTURES, fixturesDir, SCANNED_LETTER } from './fixtures/fixtures';
import { writePdf } from './fixtures/pdf-writer';
import { writeZip } from './fixtures/zip-writer';
import { plainText } from './extract';
import {
  analyzeDocument,
  analyzeExtracted,
  extractText,
  learnFromCorrection,
  shutdownOcr,
  type LearnedCorrections,
} from './index';
import { summarySentences } from './summary';
import { findAmounts } from './entities/amounts';
import { findDates } from './entities/dates';
import { findPersons } from './entities/persons';

const fixture = (file: string) => new Uint8Array(readFileSync(path.join(fixturesDir, file)));
const analyzeFile = (file: string, extra: Partial<Parameters<typeof analyzeDocument>[0]> = {}) =>
  analyzeDocument({
    bytes: fixture(file),
    contentType: 'application/octet-stream',
    fileName: file,
    ...extra,
  });
const analyzeText = (text: string, extra: Partial<Parameters<typeof analyzeDocument>[0]> = {}) =>
  analyzeDocument({
    bytes: new TextEncoder().encode(text),
    contentType: 'text/plain',
    fileName: 'document.txt',
    ...extra,
  });
const names = (a: DocumentAnalysis) => a.entities.persons.map((p) => p.name);
const words = (text: string) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];

afterAll(() => shutdownOcr());

describe('analyzeDocument', () => {
  it('returns the wire contract for every kind of file', async () => {
    for (const { file } of FIXTURES) {
      const analysis = await analyzeFile(file);
      expect(() => documentAnalysis.parse(analysis), file).not.toThrow();
      expect(analysis.analyzer.name).toBe('local');
    }
    const text = await analyzeText(
      readFileSync(path.join(corpusDir, 'financial/invoice-water-mitigation.txt'), 'utf8'),
    );
    expect(documentAnalysis.parse(text)).toEqual(text);
  });

  it('uses the type the user chose, with confidence 1', async () => {
    const text = readFileSync(path.join(corpusDir, 'pleading/notice-of-hearing-duval.txt'), 'utf8');
    const auto = await analyzeText(text);
    expect(auto.document_metadata).toMatchObject({ document_type: 'pleading', type_source: 'classifier' });
    const chosen = await analyzeText(text, { typeHint: 'correspondence' });
    expect(chosen.document_metadata).toMatchObject({
      document_type: 'correspondence',
      confidence: 1,
      type_source: 'user',
    });
  });

  it('reads a multi-page text PDF through pdf.js: the same findings as its source text', async () => {
    const pdf = await analyzeFile('complaint-3-pages.pdf');
    const source = await analyzeText(
      readFileSync(path.join(corpusDir, 'pleading/complaint-breach-of-contract-hernandez.txt'), 'utf8'),
    );
    expect(pdf.document_metadata).toMatchObject({ page_count: 3, ocr_pages: 0, document_type: 'pleading' });
    expect(names(pdf)).toEqual(names(source));
    expect(pdf.entities.dates.map((d) => d.date)).toEqual(source.entities.dates.map((d) => d.date));
    expect(pdf.entities.amounts.map((a) => a.value)).toEqual(source.entities.amounts.map((a) => a.value));
  });

  it.each(['scanned-letter.png', 'scanned-letter.pdf'])(
    'reads the scanned page %s with OCR',
    async (file) => {
      const started = performance.now();
      const analysis = await analyzeFile(file);
      console.info(`${file}: OCR and analysis in ${Math.round(performance.now() - started)} ms`);
      expect(analysis.document_metadata).toMatchObject({
        ocr_pages: 1,
        page_count: 1,
        document_type: 'correspondence',
      });
      expect(names(analysis)).toEqual(expect.arrayContaining(['Harold Benning', 'Craig Doyle']));
      expect(analysis.entities.amounts.map((a) => a.value)).toEqual(
        expect.arrayContaining([18240, 11615.5, 1000]),
      );
      expect(analysis.entities.dates).toContainEqual(
        expect.objectContaining({ date: '2025-05-16', kind: 'deadline' }),
      );
    },
  );

  it('recognises at least 90 % of the words of the scanned letter', async () => {
    const { text, ocrPages } = await extractText({
      bytes: fixture('scanned-letter.png'),
      contentType: 'image/png',
      fileName: 'scan.png',
    });
    expect(ocrPages).toBe(1);
    const read = new Set(words(text));
    const expected = words(SCANNED_LETTER);
    const found = expected.filter((w) => read.has(w)).length / expected.length;
    console.info(`scanned letter: ${(found * 100).toFixed(1)} % of ${expected.length} words recognised`);
    expect(found).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the text of a .docx', async () => {
    const analysis = await analyzeFile('denial-letter.docx');
    expect(analysis.document_metadata).toMatchObject({ document_type: 'correspondence', page_count: 1 });
    expect(names(analysis)).toEqual(['Gerald Whitmore', 'Brenda Kessling']);
  });

  it('reads a text file saved from a web page with its HTML character references decoded', async () => {
    // Counsel lines of a First Circuit opinion as CourtListener's plain text has them (public
    // domain; evaluation/fresh-opinions/texts/013.txt): "&amp;" hid the firm after "with whom".
    const counsel =
      'Graydon G.  Stevens with  whom Kelly,  Remmel &amp;  Zimmerman was  on\r\n\r\nbrief for appellant.\r\n' +
      'Francis L.  Cramer  with whom  Valerie  A.  Walsh and  Sullivan  &amp;\r\n\r\nGregg, P.A. were on brief for appellee.\r\n';
    expect(names(await analyzeText(counsel))).toEqual([
      'Graydon G. Stevens',
      'Francis L. Cramer',
      'Valerie A. Walsh',
    ]);
    // Only references that end in ";", decoded once.
    expect(plainText(new TextEncoder().encode('AT&T &para; &para R&D &#39;s &amp;amp;\r\n'))).toBe(
      "AT&T ¶ &para R&D 's &amp;\n",
    );
  });

  it.each([
    ['claim-photos.zip', /ZIP archive; the files inside ZIP archives are not read yet.*3 files/],
    [
      'legacy-letter.doc',
      /Word 97–2003 document \(\.doc\); the text of Word 97–2003 \(\.doc\) files is not read yet/,
    ],
  ])('says plainly that it did not read %s, and invents nothing', async (file, says) => {
    const analysis = await analyzeFile(file, { typeHint: 'other' });
    expect(analysis.content.summary).toMatch(says);
    expect(analysis.entities).toEqual({ persons: [], dates: [], amounts: [] });
    expect(analysis.document_metadata).toMatchObject({
      document_type: 'other',
      type_source: 'user',
      page_count: 0,
    });
    const guessed = await analyzeFile(file);
    expect(guessed.content.summary).toMatch(/guess from the file name/);
    expect(guessed.document_metadata.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('summary and recommendations', () => {
  it('writes two to four sentences for every corpus document', () => {
    for (const doc of loadCorpus()) {
      const opts = { type: doc.label };
      const sentences = summarySentences({
        type: doc.label,
        text: doc.text,
        persons: findPersons(doc.text, opts),
        dates: findDates(doc.text, opts),
        amounts: findAmounts(doc.text, opts),
      });
      expect(sentences.length, doc.file).toBeGreaterThanOrEqual(2);
      expect(sentences.length, doc.file).toBeLessThanOrEqual(4);
    }
  });

  it('says what a denial letter is and what it decides, and what to do next', async () => {
    const text = readFileSync(path.join(corpusDir, 'correspondence/denial-letter-wear-and-tear.txt'), 'utf8');
    const analysis = await analyzeText(text);
    expect(analysis.content.summary).toMatch(/^This is a claim denial letter dated September 21, 2023/);
    expect(analysis.content.summary).toMatch(/unable to provide coverage/);
    expect(analysis.recommendations.join(' ')).toMatch(/certified policy/);
  });

  it('calendars deadlines and hearings, and compares an offer with the estimate', () => {
    const text = [
      'Dear Counsel:',
      'Your estimate of $61,900.00 was reviewed. Tidewater offers $27,500.00 to resolve the claim.',
      'This offer remains open until February 6, 2025. The mediation is set for March 3, 2025.',
    ].join('\n');
    const analysis = analyzeExtracted(
      { text, format: 'text', pageCount: 1, ocrPages: 0 },
      { fileName: 'letter.txt', typeHint: 'correspondence' },
      { now: new Date('2025-01-20T00:00:00Z') },
    );
    const recommendations = analysis.recommendations.join('\n');
    expect(recommendations).toMatch(/Calendar the deadline of February 6, 2025/);
    expect(recommendations).toMatch(/Calendar the hearing, mediation or trial setting on March 3, 2025/);
    expect(recommendations).toMatch(
      /Compare the offer of \$27,500\.00 with the estimate of \$61,900\.00: \$34,400\.00 \(56 %\) below it/,
    );
  });
});

describe('corrections', () => {
  it('a corrected type is kept and used for the same and similar documents later', async () => {
    const text = readFileSync(path.join(corpusDir, 'other/meeting-notes-case-strategy.txt'), 'utf8');
    const first = await analyzeText(text);
    expect(first.document_metadata.document_type).toBe('other');
    const learned = learnFromCorrection(undefined, { kind: 'type', type: 'correspondence', text });
    const again = await analyzeText(text, { learned });
    expect(again.document_metadata).toMatchObject({
      document_type: 'correspondence',
      type_source: 'classifier',
    });
    // A later version of the same notes (a line changed) follows the correction too …
    const edited = text
      .replace('conference room B', 'by video call')
      .replace('Andrea: call client Thursday', 'Andrea: call client Friday');
    expect((await analyzeText(edited, { learned })).document_metadata.document_type).toBe('correspondence');
    // … and an unrelated document does not.
    const other = readFileSync(path.join(corpusDir, 'financial/invoice-water-mitigation.txt'), 'utf8');
    expect((await analyzeText(other, { learned })).document_metadata.document_type).toBe('financial');
  });

  it('a corrected role, a rejected entity and a corrected date kind apply to later documents', async () => {
    const text =
      'Photo log\nPhotographer: Jorge Alcantar\nDate taken: 5/30/2023\nHomeowner Hugo Lindqvist present.\nSeen near Coral Way.';
    const before = await analyzeText(text);
    expect(before.entities.persons).toContainEqual({ name: 'Jorge Alcantar', role: null });
    expect(before.entities.dates[0]).toMatchObject({ date: '2023-05-30', kind: 'inspection' });

    let learned: LearnedCorrections = learnFromCorrection(undefined, {
      kind: 'person',
      name: 'Jorge Alcantar',
      role: 'contractor',
    });
    learned = learnFromCorrection(learned, { kind: 'not_entity', entity: 'person', text: 'Hugo Lindqvist' });
    learned = learnFromCorrection(learned, {
      kind: 'date_kind',
      text: '5/30/2023',
      to: 'other',
      documentText: text,
    });
    const later = await analyzeText(
      'Drying log\nPhotographer: Jorge Alcantar\nDate taken: 6/2/2023\nHomeowner Hugo Lindqvist.',
      { learned },
    );
    expect(later.entities.persons).toEqual([{ name: 'Jorge Alcantar', role: 'contractor' }]);
    expect(later.entities.dates[0]).toMatchObject({ date: '2023-06-02', kind: 'other' });
  });
});

describe('offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('analyses text, PDF, Word and scanned files with fetch and sockets disabled', async () => {
    const attempts: string[] = [];
    vi.stubGlobal('fetch', (url: unknown) => {
      attempts.push(`fetch ${String(url)}`);
      return Promise.reject(new Error('network disabled in this test'));
    });
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
      this: net.Socket,
      ...args: unknown[]
    ) {
      attempts.push(`connect ${JSON.stringify(args[0])}`);
      throw new Error('network disabled in this test');
    });
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string) => {
      attempts.push(`dns ${host}`);
      throw new Error('network disabled in this test');
    }) as unknown as typeof dns.lookup);
    await shutdownOcr(); // the OCR worker and its model are loaded again, under the stubs
    for (const file of ['complaint-3-pages.pdf', 'denial-letter.docx', 'scanned-letter.png']) {
      const analysis = await analyzeFile(file);
      expect(analysis.entities.persons.length, file).toBeGreaterThan(0);
    }
    vi.unstubAllGlobals();
    expect(attempts).toEqual([]);
  });

  const canIsolate = spawnSync('unshare', ['-rn', 'true']).status === 0;
  it.skipIf(!canIsolate)(
    'analyses PDFs and OCRs a scan in a process with no network at all (unshare -rn)',
    () => {
      const repoRoot = path.resolve(corpusDir, '../../..');
      const probe = spawnSync(
        'unshare',
        ['-rn', process.execPath, '--import', 'tsx', path.join(corpusDir, '../src/testing/offline-probe.ts')],
        { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
      );
      expect(probe.status, probe.stderr).toBe(0);
      const results = JSON.parse(probe.stdout.trim().split('\n').pop()!) as Array<{
        file: string;
        type: string;
        ocrPages: number;
        persons: string[];
      }>;
      expect(results).toEqual([
        expect.objectContaining({ file: 'complaint-3-pages.pdf', type: 'pleading', ocrPages: 0 }),
        expect.objectContaining({
          file: 'scanned-letter.pdf',
          type: 'correspondence',
          ocrPages: 1,
          persons: ['Harold Benning', 'Craig Doyle'],
        }),
      ]);
    },
  );
});

describe('limits: how much of a file is read', () => {
  const page = (n: number) => ({
    kind: 'text' as const,
    lines: [`Page ${n} of the adjuster's field notes.`],
  });
  const blank = { kind: 'text' as const, lines: [] };

  it('reads at most `pages` PDF pages and says what it left', async () => {
    const bytes = writePdf([1, 2, 3, 4, 5, 6].map(page));
    const extracted = await extractText(
      { bytes, contentType: 'application/pdf', fileName: 'notes.pdf' },
      { ocr: false, limits: { pages: 3 } },
    );
    expect(extracted.pageCount).toBe(3);
    expect(extracted.text).toContain('Page 3');
    expect(extracted.text).not.toContain('Page 4');
    expect(extracted.limited).toBe('only the first 3 of its 6 pages were read');
    const analysis = analyzeExtracted(extracted, { fileName: 'notes.pdf' });
    expect(analysis.recommendations).toContain(
      'Check the rest of notes.pdf by hand: only the first 3 of its 6 pages were read.',
    );
    // Within the limit nothing is said.
    const whole = await extractText(
      { bytes: writePdf([page(1)]), contentType: 'application/pdf', fileName: 'one.pdf' },
      { ocr: false },
    );
    expect(whole.limited).toBeUndefined();
  });

  it('passes at most `ocrPages` scanned pages to OCR', async () => {
    const seen: number[] = [];
    const ocr = async () => {
      seen.push(seen.length);
      return 'Recognised text of a scanned page';
    };
    const extracted = await extractText(
      {
        bytes: writePdf([blank, blank, blank, page(4)]),
        contentType: 'application/pdf',
        fileName: 'scan.pdf',
      },
      { ocr, limits: { ocrPages: 2 } },
    );
    expect(seen).toHaveLength(2);
    expect(extracted).toMatchObject({
      pageCount: 4,
      ocrPages: 2,
      limited: '1 scanned page was not read (at most 2 are read by OCR)',
    });
  });

  it('refuses a .docx whose text unpacks far beyond an ordinary Word file, before inflating it', async () => {
    // 40 MB of one repeated paragraph: about 40 kB packed, a ratio of about 1,000.
    const paragraph = '<w:p><w:r><w:t>Water damage to the kitchen ceiling.</w:t></w:r></w:p>';
    const xml = `<w:document><w:body>${paragraph.repeat(Math.ceil((40 * 1024 * 1024) / paragraph.length))}</w:body></w:document>`;
    const bomb = writeZip([{ name: 'word/document.xml', data: xml }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const input = { bytes: bomb, contentType: 'application/octet-stream', fileName: 'letter.docx' };
    const extracted = await extractText(input);
    expect(extracted).toMatchObject({
      format: 'docx',
      text: '',
      note: 'the file could not be read (its text unpacks to far more than an ordinary Word document)',
    });
    // The same text under the size limit but packed 1,000 times is refused too.
    expect((await extractText(input, { limits: { docxBytes: 64 * 1024 * 1024 } })).text).toBe('');
    // And a generous ratio reads it.
    expect(
      (await extractText(input, { limits: { docxBytes: 64 * 1024 * 1024, docxRatio: 5_000 } })).text,
    ).toContain('Water damage to the kitchen ceiling.');
  });
});
