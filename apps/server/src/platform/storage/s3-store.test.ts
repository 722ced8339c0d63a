import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { S3BlobStore } from './s3-store';

/** A local S3-compatible server (s3rver) speaking the real wire protocol. */
let server: S3rver;
let directory: string;
let endpoint: string;
const bucket = 'sentinel-test';

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const settings = () => ({
  bucket,
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe('S3BlobStore', () => {
  it('puts, reads, lists and deletes objects', async () => {
    const store = new S3BlobStore(settings());
    const temp = path.join(directory, 'upload.part');
    await writeFile(temp, 'policy declarations page');
    const key = '0f8b2c9e-3c1a-4d55-9a51-7f2d1e0c4b6a';
    await store.put(key, temp, 'text/plain');
    await expect(readFile(temp)).rejects.toThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(key)) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).toString()).toBe('policy declarations page');
    const keys: string[] = [];
    for await (const object of store.list()) keys.push(object.key);
    expect(keys).toContain(key);
    await store.delete(key);
    await expect(store.get(key)).rejects.toThrow();
    store.close();
  });
});

describe('documents on S3', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('an upload lands in the bucket and its signed link serves it', async () => {
    ctx = await createTestContext({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const user = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, user.email, user.password)).body.token as string;
    const boundary = 'xyzBOUNDARY';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nInspection notes\r\n--${boundary}--\r\n`,
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const id = uploaded.json().data.id as string;
    const { url } = (
      await ctx.app.inject({ method: 'GET', url: `/api/document/${id}/signedUrl`, headers: bearer(token) })
    ).json();
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Inspection notes');
  });
});
