import type { Database } from '@sentinel/db';
import type { ProfileResponse } from '@sentinel/shared';
import { actorEntry, audit } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { toSessionUser } from '../auth/principal';
import type { Principal } from '../auth/principal';
import { profileRepository as repo } from './profile.repository';

/** Settings → Profile: who you are and the name of your firm. Only attorneys rename the firm. */
export class ProfileService {
  constructor(private readonly db: Database) {}

  async get(principal: Principal): Promise<ProfileResponse> {
    const firm = await repo.findFirm(this.db, principal.firmId);
    if (!firm) throw notFound();
    return this.shape(principal, firm.name);
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

  private shape(principal: Principal, firmName: string): ProfileResponse {
    return {
      user: toSessionUser({ ...principal, id: principal.userId }),
      firmId: principal.firmId,
      firmName,
      canEditFirmName: principal.userType === 'attorney',
    };
  }
}
