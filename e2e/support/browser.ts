import type { Page } from '@playwright/test';

// page.evaluate() callbacks are serialised into the page: they use the browser's globals (the DOM
// library of e2e/tsconfig.json) and cannot call imported helpers.

export const readLocalStorage = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

export const writeLocalStorage = (page: Page, key: string, value: string) =>
  page.evaluate(([name, content]) => localStorage.setItem(name, content), [key, value] as const);
