import type { FastifyInstance } from 'fastify';
import type { SandboxState } from './state';

/** Google Calendar v3 and Graph calendar (filled in next). */
export function registerCalendars(_app: FastifyInstance, _state: SandboxState, _mount: string) {}
