import { describe, expect, it } from 'vitest';
import { runtimeModuleTest } from './vite.shared';

describe('what goes into the shared runtime chunk (DESIGN §5: ≤ 25 KB gzip)', () => {
  const inRuntime = runtimeModuleTest('/repo');
  it('the libraries every element runs on, and the platform part of core', () => {
    for (const id of [
      '/repo/node_modules/preact/dist/preact.module.js',
      '/repo/node_modules/preact/compat/dist/compat.module.js',
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/repo/node_modules/jotai/esm/vanilla.mjs',
      '/repo/node_modules/@r2wc/core/dist/core.js',
      '/repo/node_modules/zod/v4/mini/schemas.js',
      '/repo/core/define-element/define-element.tsx',
      '/repo/core/config/config.ts',
      '/repo/themes/theme.ts',
    ])
      expect(inRuntime(id), id).toBe(true);
  });
  it('not the libraries and code only some elements use', () => {
    for (const id of [
      '/repo/node_modules/@date-fns/tz/date/mini.js',
      '/repo/node_modules/date-fns/addDays.js',
      '/repo/node_modules/libphonenumber-js/core/index.js',
      '/repo/node_modules/@urql/core/dist/urql-core.mjs',
      '/repo/node_modules/@googlemaps/js-api-loader/dist/index.mjs',
      '/repo/core/tours/tour-times.ts',
      '/repo/core/ui/dialog.tsx',
      '/repo/core/config/brand.ts',
      '/repo/core/config/brand-fields.ts',
      '/repo/core/config/element-context.ts',
      '/repo/core/define-element/more-attributes.ts',
      '/repo/node_modules/reactive/index.js',
    ])
      expect(inRuntime(id), id).toBe(false);
  });
});
