/**
 * Async work in the client is cancelled one way (docs/architecture.md): useLoad for loads, useSignalEffect /
 * `wanted` (core/state/use-signal-effect.ts) for any other effect. This test reads every client source file
 * and fails on a hand-written cancellation flag: a `let` boolean that a cleanup (an arrow function without
 * parameters: `return () => { live = false; }`, `cleanups.push(() => (live = false))`) flips.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLIENT_FOLDERS = ['core', 'elements', 'questionnaire', 'loader', 'site'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => join(folder, name));
}

/** The flags of a source text: `let x = true|false` flipped to the other value by a cleanup arrow. */
function cancellationFlags(source: string): string[] {
  const declared = new Map<string, string>();
  for (const [, name, value] of source.matchAll(/\blet\s+(\w+)\s*=\s*(true|false)\s*;/g)) declared.set(name!, value!);
  const flags = new Set<string>();
  // A parameterless arrow whose body (before any nested block) assigns a boolean: `() => (x = false)`,
  // `() => { clearTimeout(t); x = false; }`.
  for (const [, name, value] of source.matchAll(/\(\)\s*=>\s*(?:\{[^{}]*?)?\(?\s*\b(\w+)\s*=\s*(true|false)\b/g)) {
    if (declared.has(name!) && declared.get(name!) !== value) flags.add(name!);
  }
  return [...flags];
}

describe('cancellation flags', () => {
  it('recognises the hand-written forms', () => {
    expect(cancellationFlags('let live = true;\nreturn () => {\n  live = false;\n};')).toEqual(['live']);
    expect(cancellationFlags('let live = true;\ncleanups.push(() => (live = false));')).toEqual(['live']);
    expect(cancellationFlags('let cancelled = false;\nreturn () => {\n  clearTimeout(timer);\n  cancelled = true;\n};')).toEqual(['cancelled']);
    // Not a cancellation flag: a value set through a parameter, the platform's AbortController.
    expect(cancellationFlags('let open = false;\nconst toggle = (next) => { open = next; };')).toEqual([]);
    expect(cancellationFlags('const controller = new AbortController();\nreturn () => controller.abort();')).toEqual([]);
  });

  it('no client file cancels its async work with a flag of its own', () => {
    const found = CLIENT_FOLDERS.flatMap(sourceFiles).flatMap((file) =>
      cancellationFlags(readFileSync(join(ROOT, file), 'utf8')).map((flag) => `${relative(ROOT, join(ROOT, file))}: ${flag}`),
    );
    expect(found).toEqual([]);
  });
});
