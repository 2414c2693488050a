/**
 * Every lazy image of our views is lazy from its first property: Preact sets an element's properties in the order
 * they are written, and an `<img>` given `src` or `srcSet` before `loading="lazy"` starts its download at once
 * (measured on /stays: 24 card photos fetched, most off screen, and ~30 ms of main thread setting them; issue 38).
 * React sets an image's sources last by itself; Preact, the CDN build's runtime, does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function viewFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return viewFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('lazy images', () => {
  it('say loading before src and srcSet in every view', () => {
    const late: string[] = [];
    let lazyImages = 0;
    for (const file of [...viewFiles('elements'), ...viewFiles('core')]) {
      for (const [tag] of readFileSync(file, 'utf8').matchAll(/<img\b[^>]*?\/>/gs)) {
        const loading = tag.search(/\sloading=/);
        if (loading < 0) continue;
        lazyImages++;
        const source = tag.search(/\s(src|srcSet)=/);
        if (source >= 0 && source < loading) late.push(`${file}: ${tag.replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
    expect(lazyImages).toBeGreaterThan(10);
    expect(late).toEqual([]);
  });
});
