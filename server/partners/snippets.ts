/**
 * The embed snippets of the partner console (DESIGN §1, README): for each element of custom-elements.json,
 * the loader's script tag with the partner's slug, then the element's tag with its required attributes to
 * fill in. Read from the manifest the build generates from the elements' JSDoc, so a new element shows up
 * without a change here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';

export interface ElementSnippet {
  tag: string;
  summary: string;
  snippet: string;
}

interface ManifestAttribute {
  name: string;
  description?: string;
}

interface ManifestDeclaration {
  tagName?: string;
  summary?: string;
  attributes?: ManifestAttribute[];
}

interface Manifest {
  modules: { declarations?: ManifestDeclaration[] }[];
}

interface ManifestElement {
  tag: string;
  summary: string;
  required: string[];
}

let elements: ManifestElement[] | null = null;

/** The elements of custom-elements.json by tag, with the attributes their documentation calls required. */
export function manifestElements(): ManifestElement[] {
  if (elements) return elements;
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'custom-elements.json'), 'utf8')) as Manifest;
  elements = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d): d is ManifestDeclaration & { tagName: string } => typeof d.tagName === 'string' && d.tagName.startsWith('hearth-'))
    .map((d) => ({
      tag: d.tagName,
      summary: (d.summary ?? '').split(/(?<=\.)\s/)[0] ?? '',
      required: (d.attributes ?? []).filter((a) => /\(required\b|\brequired\)/i.test(a.description ?? '')).map((a) => a.name),
    }))
    .sort((a, b) => a.tag.localeCompare(b.tag));
  return elements;
}

/** `LISTING_ID` for `listing-id`: a placeholder the partner replaces, which the element reports until they do. */
const placeholder = (attribute: string) => attribute.toUpperCase().replace(/-/g, '_');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The two lines for each element, for the partner `slug`, loading from our public origin. */
export function elementSnippets(publicOrigin: string, slug: string): ElementSnippet[] {
  const loader = `<script src="${escapeAttribute(`${publicOrigin}/cdn/v1/loader.js`)}" data-partner="${escapeAttribute(slug)}" async></script>`;
  return manifestElements().map(({ tag, summary, required }) => {
    const attributes = required.map((name) => ` ${name}="${placeholder(name)}"`).join('');
    return { tag, summary, snippet: `${loader}\n<${tag}${attributes}></${tag}>` };
  });
}
