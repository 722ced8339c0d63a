import path from 'node:path';
import {
  assertAppRole,
  createDatabase,
  credentialsOf,
  DEFAULT_APP_ROLE,
  ensureLoginRole,
  grantAppRole,
  migrateDatabase,
  setRolePassword,
  withCredentials,
  type DatabaseHandle,
} from '@sentinel/db';
import type { Config } from './config';
import { deriveKey } from './platform/crypto';

/**
 * Opens the configured database, migrated. On PostgreSQL the owner's connection (DATABASE_ADMIN_URL,
 * or DATABASE_URL alone) migrates and grants the app role its rights, then the app's pool logs in
 * as that role, which is neither superuser nor owner of any table (packages/db app-role.ts). The
 * embedded database has one user, so there the app is its owner (docs/security.md, Audit).
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    const handle = await createDatabase({ dataDir: path.join(config.dataDir, 'db') });
    try {
      await migrateDatabase(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }
  const admin = config.databaseAdminUrl;
  return openAsAppRole(
    admin ?? config.databaseUrl,
    admin ? { appUrl: config.databaseUrl } : { appSecret: config.appSecret },
  );
}

/**
 * The app role's password when the server manages the role itself: derived from APP_SECRET, so
 * every instance of one deployment computes the same one and nothing else needs keeping.
 */
export const appRolePassword = (appSecret: string): string =>
  Buffer.from(deriveKey(appSecret, 'database app role password')).toString('base64url');

/**
 * Migrates as the owner (`ownerUrl`) and answers the app's pool, logged in as the app role:
 * `appUrl`'s role (created with its password if missing), or, given `appSecret` instead, the role
 * sentinel_app with a password derived from it (created, or its password set when it does not
 * match — a new APP_SECRET). The tests' template database is prepared the same way.
 */
export async function openAsAppRole(
  ownerUrl: string,
  app: { appUrl: string } | { appSecret: string },
  options: { poolMax?: number } = {},
): Promise<DatabaseHandle> {
  const owner = await createDatabase({ url: ownerUrl, poolMax: 1 });
  try {
    await migrateDatabase(owner);
    const managed = 'appSecret' in app;
    const { user: role, password } = managed
      ? { user: DEFAULT_APP_ROLE, password: appRolePassword(app.appSecret) }
      : credentialsOf(app.appUrl);
    await ensureLoginRole(owner, role, password, { managed }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '42501') throw error;
      throw new Error(
        `The database role of ${managed ? 'DATABASE_URL' : 'DATABASE_ADMIN_URL'} may not create the app role ${role}: ` +
          'give it CREATEROLE, or create the role yourself (README, Running on PostgreSQL).',
        { cause: error },
      );
    });
    await grantAppRole(owner, role);
    const appUrl = managed ? withCredentials(ownerUrl, role, password!) : app.appUrl;
    let handle = await createDatabase({ url: appUrl, poolMax: options.poolMax });
    try {
      await assertAppRole(handle).catch(async (error: unknown) => {
        // 28P01: the managed role's password was set under another APP_SECRET; this one's wins.
        if (!managed || (error as { code?: string }).code !== '28P01') throw error;
        await handle.close();
        await setRolePassword(owner, role, password!);
        handle = await createDatabase({ url: appUrl, poolMax: options.poolMax });
        await assertAppRole(handle);
      });
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  } finally {
    await owner.close();
  }
}
