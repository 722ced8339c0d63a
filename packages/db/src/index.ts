export * from './client';
export * from './password-hash';
export * as schema from './schema/index';
