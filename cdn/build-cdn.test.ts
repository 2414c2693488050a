import { describe, expect, it } from 'vitest';
import { checkSkeletonEntry, evalOccurrences } from './build-cdn';

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
