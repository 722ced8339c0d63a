import { expect, type Page } from '@playwright/test';

/** The viewport the journeys use at a width: a laptop (1440 × 900) or a phone (375 × 812). */
export const screenOf = (width: number) => ({ width, height: width > 500 ? 900 : 812 });

/** Resizes the page to the journeys' screen of that width. */
export const setScreen = (page: Page, width: number) => page.setViewportSize(screenOf(width));

/** Nothing wider than the screen: the whole page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number, label = page.url()) {
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${label} is ${pageWidth} px wide at ${width} px`).toBeLessThanOrEqual(width);
}
