/**
 * Every relative link of README.md and docs/*.md points at a file of the repository, and a link with a
 * `#fragment` at a heading of that page (as GitHub anchors it) — so moving a section never strands a link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cdn/project';

const ROOT = resolve(REPO_ROOT);

/** Markdown without fenced code blocks and code spans, where a `[x](y)` is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links and images of a Markdown text. */
function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** The anchor GitHub gives a heading: its text, lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown page: its headings (a repeated one gets `-1`, `-2`, …) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const anchor = headingAnchor(heading!);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count ? `${anchor}-${count}` : anchor);
    seen.set(anchor, count + 1);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** What is wrong with each relative link of `file` (repo-relative messages); empty when all resolve. */
function brokenLinks(file: string, root = ROOT): string[] {
  const problems: string[] = [];
  const name = relative(root, file);
  for (const target of linkTargets(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const [path = '', fragment] = target.split('#', 2);
    const resolved = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (resolved !== root && !resolved.startsWith(root + sep)) {
      problems.push(`${name}: ${target} leaves the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      problems.push(`${name}: ${target} — no such file`);
      continue;
    }
    if (fragment === undefined) continue;
    if (!resolved.endsWith('.md') || statSync(resolved).isDirectory()) {
      problems.push(`${name}: ${target} — a #fragment on a file that is not a Markdown page`);
      continue;
    }
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) problems.push(`${name}: ${target} — no heading with that anchor`);
  }
  return problems;
}

const docsDir = join(ROOT, 'docs');
const pages = [join(ROOT, 'README.md'), ...readdirSync(docsDir).filter((f) => f.endsWith('.md')).map((f) => join(docsDir, f))];

describe('relative links in README.md and docs/*.md', () => {
  it('all point at an existing file, and a #fragment at a heading of that page', () => {
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.flatMap((page) => brokenLinks(page))).toEqual([]);
  });

  it('the README links to every page of docs/', () => {
    const readmeTargets = new Set(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    for (const page of pages.slice(1)) expect(readmeTargets, relative(ROOT, page)).toContain(`docs/${relative(docsDir, page)}`);
  });
});

describe('the link checker', () => {
  it('anchors headings as GitHub does', () => {
    expect(headingAnchor('`<hearth-contact-form>`')).toBe('hearth-contact-form');
    expect(headingAnchor('The rules every element follows')).toBe('the-rules-every-element-follows');
    expect(headingAnchor('Search API (`npm run bench:search`: PGlite at 100k)')).toBe('search-api-npm-run-benchsearch-pglite-at-100k');
    expect([...anchorsOf('# A\n## Tests\n```\n# not a heading\n```\n## Tests\n')]).toEqual(['a', 'tests', 'tests-1']);
  });

  it('finds links outside code only, and reports missing files and anchors', () => {
    expect(linkTargets('[a](x.md) `[b](y.md)` ![c](img.png "t")\n```\n[d](z.md)\n```\n[e](https://example.com)')).toEqual([
      'x.md',
      'img.png',
      'https://example.com',
    ]);
    const readme = join(ROOT, 'README.md');
    expect(brokenLinks(readme)).toEqual([]);
    expect(linkTargets(readFileSync(readme, 'utf8'))).toContain('docs/elements.md#hearth-contact-form');
  });
});
