export * from './firms';
export * from './users';
export * from './auth';
export * from './audit';
export * from './leads';
export * from './clients';
export * from './cases';
export * from './documents';
