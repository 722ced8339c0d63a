import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** PostgreSQL cannot store U+0000 in text: such input is refused before it reaches a query. */
export const NUL_IN_TEXT = 'Text cannot contain the NUL character';

/** Whether a parsed query, params or JSON body holds a string with U+0000, at any depth. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

/**
 * Refuses, with 400 and before validation, a request whose query, path or JSON body has a NUL
 * character (they answered 500 from the database). Multipart fields are checked where they are
 * read (modules/documents/upload.ts). Runs after the access hooks: a stranger still gets 401.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body))
      done(new AppError('VALIDATION_FAILED', NUL_IN_TEXT));
    else done();
  });
}
