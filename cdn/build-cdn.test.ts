import { describe, expect, it } from 'vitest';
import { checkSkeletonEntry, evalOccurrences, flattenEntryImports } from './build-cdn';

describe('evalOccurrences (the strict-CSP check of every built file)', () => {
  it('finds eval, Function calls, new Function and an aliased Function constructor', () => {
    expect(evalOccurrences('eval("1+1")')).toHaveLength(1);
    expect(evalOccurrences('var f=new Function("a","return a")')).toHaveLength(1);
    expect(evalOccurrences('var g=Function("return this")()')).toHaveLength(1);
    expect(evalOccurrences('const F=Function;const f=new F("x")')).toHaveLength(1);
  });

  it('leaves methods named eval, comparisons and Function.prototype alone', () => {
    expect(evalOccurrences('page.eval(x);o.evaluate(y)')).toEqual([]);
    expect(evalOccurrences('if(x.constructor===Function||y!==Function)z()')).toEqual([]);
    expect(evalOccurrences('var s=Function.prototype.toString;typeof x=="function"')).toEqual([]);
  });
});

describe('checkSkeletonEntry (a skeleton entry paints before anything else has loaded)', () => {
  it('accepts a self-contained module of our own code', () => {
    expect(checkSkeletonEntry({ fileName: 'elements/contact-form.js', imports: [], moduleIds: ['/repo/core/define-element/skeleton.ts'] })).toEqual([]);
  });

  it('refuses a static import and a bundled library', () => {
    const problems = checkSkeletonEntry({
      fileName: 'elements/contact-form.js',
      imports: ['chunks/runtime-abc.js'],
      moduleIds: ['/repo/node_modules/preact/dist/preact.module.js'],
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('imports chunks/runtime-abc.js');
    expect(problems[1]).toContain('preact');
  });
});

describe('flattenEntryImports (the browser asks for an element\'s whole static graph at once)', () => {
  it("appends, last, an import of every chunk the element's chunk needs but does not import itself", () => {
    const chunk = (fileName: string, imports: string[], isEntry = false) => ({ type: 'chunk', fileName, imports, isEntry, code: `/*${fileName}*/` });
    const bundle = {
      entry: chunk('elements/search-map.js', ['chunks/runtime.js', 'chunks/ui.js'], true),
      runtime: chunk('chunks/runtime.js', []),
      ui: chunk('chunks/ui.js', ['chunks/runtime.js', 'chunks/address.js']),
      address: chunk('chunks/address.js', ['chunks/money.js']),
      money: chunk('chunks/money.js', []),
      lazy: chunk('chunks/lazy.js', ['chunks/money.js']),
    };
    const plugin = flattenEntryImports() as unknown as { generateBundle: (options: unknown, bundle: unknown) => void };
    plugin.generateBundle({}, bundle);
    expect(bundle.entry.code).toBe('/*elements/search-map.js*/import"../chunks/address.js";import"../chunks/money.js";');
    // Chunks that are not entries (a lazily imported one) are left to Vite's preload helper.
    expect(bundle.lazy.code).toBe('/*chunks/lazy.js*/');
    expect(bundle.ui.code).toBe('/*chunks/ui.js*/');
  });
});
