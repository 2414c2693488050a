/**
 * The theme sheet adopted by every element: `:host { --hearth-…: … }` with the defaults, then the
 * partner's tokens. One sheet for the page, so a config that arrives late re-themes every element at once.
 */
import { DEFAULT_TOKENS, THEME_TOKEN_NAME, THEME_TOKEN_VALUE } from './tokens';

/** `:host` declarations for the given tokens; names and values that could escape a declaration are dropped. */
export function tokensToCss(tokens: Readonly<Record<string, string>>): string {
  const declarations = Object.entries(tokens)
    .filter(([name, value]) => THEME_TOKEN_NAME.test(name) && THEME_TOKEN_VALUE.test(value))
    .map(([name, value]) => `--hearth-${name}: ${value};`);
  return `:host { ${declarations.join(' ')} }`;
}

let themeSheet: CSSStyleSheet | undefined;

export function getThemeSheet(): CSSStyleSheet {
  if (!themeSheet) {
    themeSheet = new CSSStyleSheet();
    themeSheet.replaceSync(tokensToCss(DEFAULT_TOKENS));
  }
  return themeSheet;
}

/** Applies a partner's token overrides on top of the defaults. */
export function applyPartnerTokens(tokens: Readonly<Record<string, string>> | null | undefined): void {
  getThemeSheet().replaceSync(tokensToCss({ ...DEFAULT_TOKENS, ...(tokens ?? {}) }));
}
