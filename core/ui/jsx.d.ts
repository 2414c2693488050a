import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /** Shadow parts, for `::part()` theming by the host page. */
    part?: string | undefined;
  }
}
