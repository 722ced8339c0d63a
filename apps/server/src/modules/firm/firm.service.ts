import type { Database } from '@sentinel/db';
import type { FirmPeopleResponse } from '@sentinel/shared';
import { actorEntry, audit } from '../../platform/audit';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { firmRepository as repo } from './firm.repository';

/** The people of the caller's firm. */
export class FirmService {
  constructor(private readonly db: Database) {}

  /** Who an attorney can make lead attorney or add to a case's team. */
  async people(principal: Principal, context: RequestContext): Promise<FirmPeopleResponse> {
    const people = await repo.people(this.db, principal.firmId);
    await audit(this.db, context, actorEntry(principal, 'firm_people_listed'));
    return {
      data: people.map((person) => ({
        id: person.id,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        userType: person.userType,
      })),
    };
  }
}
