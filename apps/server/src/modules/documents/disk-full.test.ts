import { createHash } from 'node:crypto';
import type * as NodeFs from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { schema } from '@sentinel/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { STORAGE_FULL_MESSAGE } from '../../platform/errors';
import { LocalBlobStore } from '../../platform/storage/local-store';

/**
 * Disk full while uploading (security reference, reliability row 40): the disk fills while the
 * upload streams to DATA_DIR/tmp (its write stream fails with ENOSPC after 16 KB, as a full file
 * system answers), or when the file is put in the store. Either way: a clear 503, the temporary
 * file removed, no row, nothing stored; and the same upload succeeds once there is room.
 */
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const createWriteStream = ((file: string, options?: Parameters<typeof fs.createWriteStream>[1]) => {
    const real = fs.createWriteStream(file, options);
    if (!disk.full || !String(file).endsWith('.part')) return real;
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (written + chunk.length > 16_384)
          return done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        written += chunk.length;
        real.write(chunk, done);
      },
      final: (done) => real.end(done),
      destroy: (error, done) => real.close(() => done(error)),
    });
  }) as typeof fs.createWriteStream;
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

let ctx: TestContext;
let token: string;
const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(40_000, 'x'), Buffer.from('\n%%EOF\n')]);

function upload() {
  const boundary = 'diskfull0123456789';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="estimate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/document/upload/single',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const listed = async (dir: string) =>
  (await readdir(path.join(ctx.dataDir, dir), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
const documentRows = async () => (await ctx.database.db.select().from(schema.documents)).length;

beforeAll(async () => {
  ctx = await createTestContext();
  const attorney = await makeUser(ctx, { userType: 'attorney' });
  token = (await login(ctx, attorney.email, attorney.password)).body.token as string;
});
afterAll(() => ctx.close());

describe('disk full during an upload', () => {
  it('while the file streams to the temporary folder: 503 with a clear message, nothing kept', async () => {
    disk.full = true;
    try {
      const response = await upload();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'UNAVAILABLE', error: STORAGE_FULL_MESSAGE });
    } finally {
      disk.full = false;
    }
    expect(await listed('tmp')).toEqual([]);
    expect(await listed('files')).toEqual([]);
    expect(await documentRows()).toBe(0);
  });

  it('while the file is put in the store: 503, the temporary file removed, no row', async () => {
    const put = vi
      .spyOn(LocalBlobStore.prototype, 'put')
      .mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    const response = await upload();
    put.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(STORAGE_FULL_MESSAGE);
    expect(await listed('tmp')).toEqual([]);
    expect(await listed('files')).toEqual([]);
    expect(await documentRows()).toBe(0);
  });

  it('once there is room, the same upload is stored whole', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(schema.documents);
    expect(row?.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(await listed('files')).toEqual([row?.storageKey]);
    expect(await listed('tmp')).toEqual([]);
  });
});
