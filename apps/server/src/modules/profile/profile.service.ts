import type { Database } from '@sentinel/db';
import { MESSAGES, type MessagingSettings, type ProfileResponse } from '@sentinel/shared';
import { actorEntry, audit } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { sessionUserOf, type Account, type Principal } from '../auth/principal';
import { profileRepository as repo } from './profile.repository';

/**
 * Settings → Profile: who you are and the name of the firm you act in (none before you have one).
 * Only attorneys rename the firm.
 */
export class ProfileService {
  constructor(private readonly db: Database) {}

  async get(account: Account): Promise<ProfileResponse> {
    const firmId = account.firm?.firmId ?? null;
    const firm = firmId ? await repo.findFirm(this.db, firmId) : null;
    if (firmId && !firm) throw notFound();
    return this.shape(account, firm?.name ?? null);
  }

  async renameFirm(
    principal: Principal,
    firmName: string,
    context: RequestContext,
  ): Promise<ProfileResponse> {
    if (principal.userType !== 'attorney') {
      await audit(this.db, context, {
        action: 'authz_denied',
        outcome: 'failure',
        firmId: principal.firmId,
        userId: principal.userId,
        details: { route: 'PATCH /api/profile' },
      });
      throw forbidden('Only attorneys can rename the firm');
    }
    const firm = await this.db.transaction(async (tx) => {
      const before = await repo.findFirm(tx, principal.firmId);
      const updated = await repo.renameFirm(tx, principal.firmId, firmName);
      if (!before || !updated) throw notFound();
      await audit(
        tx,
        context,
        actorEntry(principal, 'profile_updated', { field: 'firmName', from: before.name, to: updated.name }),
      );
      return updated;
    });
    return this.shape(principal, firm.name);
  }

  /** PUT /api/profile/time-zone: the zone the person's calendar, reminders and e-mails use. */
  async setTimeZone(
    account: Account,
    timeZone: string,
    context: RequestContext,
  ): Promise<{ timeZone: string }> {
    await this.db.transaction(async (tx) => {
      await repo.setTimeZone(tx, account.userId, timeZone);
      await audit(tx, context, {
        action: 'time_zone_set',
        outcome: 'success',
        firmId: account.firm?.firmId ?? null,
        userId: account.userId,
        details: { timeZone },
      });
    });
    return { timeZone };
  }

  /** GET /api/profile/messaging: the away reply (off, the spec's text, by default) and the digest. */
  async messaging(account: Account): Promise<MessagingSettings> {
    const row = await repo.messaging(this.db, account.userId);
    if (!row) throw notFound();
    return {
      awayReplyEnabled: row.awayReplyEnabled,
      awayReplyText: row.awayReplyText ?? MESSAGES.awayReplyDefault,
      notificationDigest: row.notificationDigest,
    };
  }

  /** PUT /api/profile/messaging. The spec's text is stored as none, so it follows the product's. */
  async setMessaging(
    account: Account,
    settings: MessagingSettings,
    context: RequestContext,
  ): Promise<MessagingSettings> {
    await this.db.transaction(async (tx) => {
      await repo.setMessaging(tx, account.userId, {
        awayReplyEnabled: settings.awayReplyEnabled,
        awayReplyText: settings.awayReplyText === MESSAGES.awayReplyDefault ? null : settings.awayReplyText,
        notificationDigest: settings.notificationDigest,
      });
      await audit(tx, context, {
        action: 'messaging_settings_changed',
        outcome: 'success',
        firmId: account.firm?.firmId ?? null,
        userId: account.userId,
        details: {
          awayReplyEnabled: settings.awayReplyEnabled,
          notificationDigest: settings.notificationDigest,
        },
      });
    });
    return this.messaging(account);
  }

  private async shape(account: Account, firmName: string | null): Promise<ProfileResponse> {
    const firmId = account.firm?.firmId ?? null;
    return {
      user: await sessionUserOf(this.db, { ...account, id: account.userId }, firmId),
      firmId,
      firmName,
      canEditFirmName: account.firm?.userType === 'attorney',
    };
  }
}
