export * from './client';
export * from './app-role';
export * from './password-hash';
export * as schema from './schema/index';
export type { InvitedAs } from './schema/memberships';
export type { StoredAttachment } from './schema/mail';
