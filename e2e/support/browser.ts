import type { Page } from '@playwright/test';

/**
 * The few browser globals the journeys touch inside page.evaluate(). The root tsconfig type-checks
 * e2e/ without the DOM library (it would leak into the server's code), so they are typed here.
 * Use them as `(globalThis as unknown as BrowserGlobals)`: evaluate() callbacks are serialised and
 * cannot call imported helpers.
 */
export interface MiniStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface MiniElement {
  tagName: string;
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  appendChild(node: MiniElement): unknown;
}

export interface BrowserGlobals {
  localStorage: MiniStorage;
  sessionStorage: MiniStorage;
  location: { origin: string };
  document: {
    documentElement: { scrollWidth: number };
    activeElement: MiniElement | null;
    body: MiniElement;
    querySelector(selector: string): MiniElement | null;
    createElement(tag: string): MiniElement;
  };
  __pwned?: number;
}

export const readLocalStorage = (page: Page, key: string) =>
  page.evaluate((name) => (globalThis as unknown as BrowserGlobals).localStorage.getItem(name), key);

export const writeLocalStorage = (page: Page, key: string, value: string) =>
  page.evaluate(
    ([name, content]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(name, content),
    [key, value] as const,
  );
