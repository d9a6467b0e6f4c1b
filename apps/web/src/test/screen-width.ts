/**
 * Answers antd's breakpoint queries as a wide screen (every `min-width` query matches) or as a phone
 * (none does, what the setup installs).
 */
export function setScreenWide(wide: boolean): void {
  window.matchMedia = (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
