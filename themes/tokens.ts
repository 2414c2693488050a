/**
 * The default design tokens. Elements read only `var(--hearth-*)`; a partner's `themeData.tokens` from
 * dynamic-config overrides these, and a host page may override any of them on the element itself.
 * Colours keep WCAG 2.2 AA contrast against each other (text on surface, on-primary on primary).
 */
export const DEFAULT_TOKENS = {
  'color-primary': '#1d4ed8',
  'color-on-primary': '#ffffff',
  'color-text': '#1f2937',
  'color-muted': '#4b5563',
  'color-surface': '#ffffff',
  'color-surface-alt': '#f3f4f6',
  'color-border': '#6b7280',
  'color-error': '#b42318',
  'color-success': '#067647',
  'color-focus': '#1d4ed8',
  'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  'font-size': '16px',
  'line-height': '1.5',
  'radius': '8px',
  'space': '8px',
  'shadow': '0 1px 3px rgba(0, 0, 0, 0.12), 0 4px 16px rgba(0, 0, 0, 0.08)',
} as const satisfies Record<string, string>;

/** A theme token name without its `--hearth-` prefix, e.g. `color-primary`. */
export const THEME_TOKEN_NAME = /^[a-z][a-z0-9-]{0,40}$/;
/** A token value that cannot break out of its declaration (no `;`, braces, angle brackets, backslashes or url()). */
export const THEME_TOKEN_VALUE = /^(?!.*url\s*\()[^;{}<>\\]{1,120}$/i;
