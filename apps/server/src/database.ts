import path from 'node:path';
import { createDatabase, migrateDatabase, type DatabaseHandle } from '@sentinel/db';
import type { Config } from './config';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else embedded) and migrates it. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
