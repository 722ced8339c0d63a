import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfActiveContent } from './pdf-active-content';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-pdf-active-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A minimal PDF around the given objects (no valid xref needed: the scan reads bytes). */
const pdf = (...objects: Array<string | Buffer>) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    ...objects.map((object, i) =>
      Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(object), Buffer.from('\nendobj\n')]),
    ),
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);

const scan = async (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return pdfActiveContent(file);
};

describe('active content in PDFs', () => {
  it('finds none in an ordinary PDF', async () => {
    expect(await scan('plain.pdf', writePdf([{ kind: 'text', lines: ['Proof of loss'] }]))).toEqual([]);
  });

  it('finds JavaScript run on opening, a launch action and embedded files', async () => {
    const found = await scan(
      'active.pdf',
      pdf(
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> /Names << /EmbeddedFiles 3 0 R >> >>',
        '<< /Type /Pages /Kids [] /Count 0 /AA << /O << /S /Launch /F (cmd.exe) >> >> >>',
      ),
    );
    expect(found).toEqual(['JavaScript', 'a launch action', 'embedded files']);
  });

  it('undoes #xx escapes in names: /J#61vaScript is /JavaScript', async () => {
    expect(await scan('escaped.pdf', pdf('<< /Type /Catalog /OpenAction << /S /J#61vaScript >> >>'))).toEqual(
      ['JavaScript'],
    );
  });

  it('looks inside compressed object streams, where PDF 1.5 keeps objects', async () => {
    const inner = deflateSync(Buffer.from('5 0 << /S /JavaScript /JS (this.exportDataObject\\(\\)) >>'));
    const objectStream = Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Length ${inner.length} /Filter /FlateDecode >>\nstream\n`),
      inner,
      Buffer.from('\nendstream'),
    ]);
    expect(await scan('objstm.pdf', pdf('<< /Type /Catalog >>', objectStream))).toEqual(['JavaScript']);
  });
});
