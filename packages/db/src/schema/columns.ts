import { numeric } from 'drizzle-orm/pg-core';

/** Money as numeric(14,2): exact dollars and cents (read as a number of dollars). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
