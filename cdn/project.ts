/** What the builds read from the project: its root, package.json, and the element entries. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface PackageJson {
  name: string;
  version: string;
  description?: string;
  license?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export function readPackageJson(root = REPO_ROOT): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
}

/** One element of the builds: `elements/<name>/<name>.element.ts` registers `hearth-<name>` when imported. */
export interface ElementEntry {
  name: string;
  tag: `hearth-${string}`;
  /** Absolute path of the entry module. */
  entry: string;
  /** The entry, relative to the root with forward slashes. */
  source: string;
  /**
   * Absolute path of `elements/<name>/<name>.skeleton.ts` when the element has one: its CDN entry chunk then paints
   * that skeleton and imports the element (core/define-element/skeleton.ts).
   */
  skeleton?: string;
}

export function discoverElements(root = REPO_ROOT): ElementEntry[] {
  const folder = join(root, 'elements');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((dir) => dir.isDirectory() && existsSync(join(folder, dir.name, `${dir.name}.element.ts`)))
    .map((dir) => {
      const skeleton = join(folder, dir.name, `${dir.name}.skeleton.ts`);
      return {
        name: dir.name,
        tag: `hearth-${dir.name}` as const,
        entry: join(folder, dir.name, `${dir.name}.element.ts`),
        source: `elements/${dir.name}/${dir.name}.element.ts`,
        ...(existsSync(skeleton) ? { skeleton } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
