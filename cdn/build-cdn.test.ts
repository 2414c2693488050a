import { describe, expect, it } from 'vitest';
import { evalOccurrences } from './build-cdn';

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
