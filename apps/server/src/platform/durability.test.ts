import { createDatabase } from '@sentinel/db';
import { describe, expect, it, vi } from 'vitest';
import { adminUrl, testDbMode } from '../test/test-database';
import { assertDurable, NotDurableError } from './durability';

/** Reliability row 38: the server refuses a PostgreSQL that may lose what it reported committed. */
describe('assertDurable', () => {
  const handle = (settings: Record<string, string>) => ({
    kind: 'postgres' as const,
    query: async () => ({
      rows: Object.entries(settings).map(([name, setting]) => ({ name, setting })) as never[],
    }),
    close: vi.fn(async () => undefined),
  });

  it('accepts fsync, full_page_writes and synchronous_commit on (or local, remote_…)', async () => {
    const ok = handle({ fsync: 'on', full_page_writes: 'on', synchronous_commit: 'local' });
    await expect(assertDurable(ok)).resolves.toBe(ok);
    expect(ok.close).not.toHaveBeenCalled();
  });

  it('refuses any of them off, names each, and closes the handle', async () => {
    const unsafe = handle({ fsync: 'off', full_page_writes: 'on', synchronous_commit: 'off' });
    const error = await assertDurable(unsafe).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotDurableError);
    expect((error as Error).message).toMatch(/^PostgreSQL runs with fsync=off, synchronous_commit=off: /);
    expect(unsafe.close).toHaveBeenCalledOnce();
  });

  it.skipIf(testDbMode() !== 'postgres')('reads the settings a real connection has', async () => {
    await expect(
      assertDurable(await createDatabase({ url: adminUrl(), poolMax: 1 })).then((h) => h.close()),
    ).resolves.toBeUndefined();
    // synchronous_commit can be turned off per role, database or connection: all count.
    const url = new URL(adminUrl());
    url.searchParams.set('options', '-c synchronous_commit=off');
    await expect(assertDurable(await createDatabase({ url: url.toString(), poolMax: 1 }))).rejects.toThrow(
      'PostgreSQL runs with synchronous_commit=off',
    );
  });
});
