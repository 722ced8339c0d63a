import type { Database } from '@sentinel/db';
import { LEAD_IP_RETENTION_DAYS } from '@sentinel/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { idempotencyRepository } from '../../platform/idempotency-keys';
import type { JobHandler } from '../../platform/jobs';
import type { Throttle } from '../../platform/throttle';
import { signUpsRepository } from '../auth/sign-ups.repository';
import { leadsRepository } from './leads.repository';

/** The job (run with the hourly clean-up) that forgets IP addresses kept no longer than needed. */
export const PRIVACY_CLEANUP_JOB = 'privacy.cleanup';

const DAY_MS = 86_400_000;

/**
 * Addresses kept only as long as they serve: a free-trial request's IP for
 * LEAD_IP_RETENTION_DAYS (the landing page says so), a rate limit's counter until its window ends,
 * a sign-up never verified until its link expires, a write's kept answer until its idempotency
 * key's 24 hours are over.
 */
export function privacyCleanup(
  db: Database,
  throttle: Throttle,
  limits: Config['limits'],
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): JobHandler {
  const longestWindow = Math.max(...Object.values(limits).map((limit) => limit.windowSeconds));
  return {
    async run() {
      const leads = await leadsRepository.forgetIps(
        db,
        new Date(clock().getTime() - LEAD_IP_RETENTION_DAYS * DAY_MS),
      );
      const counters = await throttle.forgetExpired(longestWindow);
      const signUps = await signUpsRepository.forgetEnded(db);
      const idempotencyKeys = await idempotencyRepository.forgetExpired(db);
      if (leads || counters || signUps || idempotencyKeys)
        log.info({ leads, counters, signUps, idempotencyKeys }, 'IP addresses and kept answers forgotten');
    },
  };
}
