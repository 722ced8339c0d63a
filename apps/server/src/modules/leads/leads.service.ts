import type { Database } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { Throttle } from '../../platform/throttle';
import { leadsRepository as repo } from './leads.repository';

/** The landing page's free-trial requests, limited per address. */
export class LeadsService {
  constructor(
    private readonly db: Database,
    private readonly throttle: Throttle,
    private readonly config: Pick<Config, 'limits'>,
  ) {}

  async request(email: string, context: RequestContext): Promise<void> {
    const limit = await this.throttle.hit(`leads:ip:${context.ip}`, this.config.limits.leadsPerIp);
    if (!limit.allowed)
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, limit.retryAfter);
    await repo.upsert(this.db, email.toLowerCase(), context.ip);
  }
}
