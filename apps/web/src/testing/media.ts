/** A `matchMedia` whose queries all answer `matches` (jsdom has none, and no layout). */
export const fakeMatchMedia =
  (matchesMinWidth: boolean): typeof window.matchMedia =>
  (media: string) =>
    ({
      matches: matchesMinWidth && media.includes('min-width'),
      media,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

/** The table on wide screens, the card list on narrow ones: jsdom has no layout, so say which. */
export function setScreenWide(wide: boolean) {
  window.matchMedia = fakeMatchMedia(wide);
}
