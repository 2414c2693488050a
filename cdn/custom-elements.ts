/**
 * The element API, read from the JSDoc header of each `*.element.ts` (STYLE: the header *is* the API) and
 * written out as a Custom Elements Manifest (schema 2.x), as the element reference of docs/elements.md and
 * as the README's table of elements (one line each, linking to the reference). It also writes
 * elements/tag-name-map.ts, the `HTMLElementTagNameMap` entry of every tag, typed with the interface its element
 * file exports (in-repo code and the npm package's jsx.d.ts rely on it).
 *
 *   node --import tsx cdn/custom-elements.ts --write   rewrites custom-elements.json, both Markdown blocks and the tag map
 *
 * Header tags: `@summary`, `@tag hearth-x`, `@attr {type} name - description`, `@prop {Type} name - …`,
 * `@event {DetailType} hearth-name - …`, `@csspart name - …`, `@cssproperty --hearth-x - …`, `@slot name - …`
 * (`@slot - …` for the default slot). `[name=default]` gives a default; text before the first tag is the
 * description.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { REPO_ROOT } from './project';

/** A generated block of a Markdown file sits between its two markers. */
export interface BlockMarkers {
  start: string;
  end: string;
}
/** The element reference in docs/elements.md. */
export const REFERENCE_MARKERS: BlockMarkers = { start: '<!-- elements:start -->', end: '<!-- elements:end -->' };
/** The table of elements in README.md. */
export const TABLE_MARKERS: BlockMarkers = { start: '<!-- element-table:start -->', end: '<!-- element-table:end -->' };

/** Folders searched for `*.element.ts` headers. Entries of the builds are only `elements/<name>/<name>.element.ts`. */
const SOURCE_FOLDERS = ['elements', 'core', 'questionnaire'];

// ---- the parsed header ----

export interface DocItem {
  name: string;
  type?: string;
  default?: string;
  description: string;
}

export interface ElementDoc {
  tag: string;
  /** Repo-relative path of the `*.element.ts` file, with forward slashes. */
  source: string;
  summary: string;
  description: string;
  attributes: DocItem[];
  properties: DocItem[];
  events: DocItem[];
  cssParts: DocItem[];
  cssProperties: DocItem[];
  slots: DocItem[];
}

type ItemKind = 'attributes' | 'properties' | 'events' | 'cssParts' | 'cssProperties' | 'slots';

const ITEM_TAGS: Record<string, ItemKind> = {
  attr: 'attributes',
  attribute: 'attributes',
  prop: 'properties',
  property: 'properties',
  event: 'events',
  fires: 'events',
  csspart: 'cssParts',
  cssprop: 'cssProperties',
  cssproperty: 'cssProperties',
  slot: 'slots',
};

/** The first `/** … *\/` block that carries a `@tag`, as plain lines. */
function headerLines(source: string): string[] | null {
  for (const match of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = match[1]!;
    if (/^\s*\*?\s*@tag(name)?\s/m.test(body)) return body.split('\n').map((line) => line.replace(/^\s*\*? ?/, '').trimEnd());
  }
  return null;
}

/** Splits `{type} rest` with balanced braces (`{{ id: string }}` is a valid type). */
function takeType(text: string): { type?: string; rest: string } {
  if (!text.startsWith('{')) return { rest: text };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { type: text.slice(1, i).trim(), rest: text.slice(i + 1).trim() };
  }
  throw new Error(`Unbalanced braces in "${text}"`);
}

/** `{type} name - description`, `{type} [name=default] - description`, or `- description` (the default slot). */
function parseItem(text: string): DocItem {
  const { type, rest } = takeType(text.trim());
  let name = '';
  let remainder = rest;
  // A lone "-" starts the description; names may start with dashes themselves (`--hearth-radius`).
  const token = /^-(\s|$)/.test(rest) ? null : /^(\[[^\]]*\]|\S+)\s*/.exec(rest);
  if (token) {
    name = token[1]!;
    remainder = rest.slice(token[0].length);
  }
  const optional = /^\[([^=\]]+)(?:=([^\]]*))?\]$/.exec(name);
  const item: DocItem = { name: optional ? optional[1]!.trim() : name, description: remainder.replace(/^-(\s+|$)/, '').trim() };
  if (type) item.type = type;
  if (optional?.[2] !== undefined) item.default = optional[2].trim();
  return item;
}

/** Parses the JSDoc header of one `*.element.ts`; null when the file has no header with `@tag`. */
export function parseElementHeader(source: string, path: string): ElementDoc | null {
  const lines = headerLines(source);
  if (!lines) return null;
  const doc: ElementDoc = {
    tag: '',
    source: path,
    summary: '',
    description: '',
    attributes: [],
    properties: [],
    events: [],
    cssParts: [],
    cssProperties: [],
    slots: [],
  };
  // Group continuation lines with the tag above them; lines before the first tag are the description.
  const blocks: { tag: string; text: string[] }[] = [{ tag: 'description', text: [] }];
  for (const line of lines) {
    const tagged = /^@(\w+)\s*(.*)$/.exec(line);
    if (tagged) blocks.push({ tag: tagged[1]!.toLowerCase(), text: [tagged[2]!] });
    else blocks.at(-1)!.text.push(line);
  }
  for (const { tag, text } of blocks) {
    const joined = text.map((line) => line.trim()).filter(Boolean).join(' ');
    if (tag === 'description') doc.description = joined;
    else if (tag === 'summary') doc.summary = joined;
    else if (tag === 'tag' || tag === 'tagname') doc.tag = joined;
    else if (ITEM_TAGS[tag]) doc[ITEM_TAGS[tag]].push(parseItem(joined));
  }
  return doc;
}

// ---- finding the headers ----

function elementFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : elementFiles(path);
      return entry.name.endsWith('.element.ts') ? [path] : [];
    })
    .sort();
}

export interface CollectedDocs {
  elements: ElementDoc[];
  /** Files without a usable header, or whose `@tag` disagrees with their folder: said, not fatal. */
  warnings: string[];
}

/** Every `*.element.ts` header under elements/, core/ and questionnaire/, sorted by tag. */
export function collectElementDocs(root = REPO_ROOT): CollectedDocs {
  const elements: ElementDoc[] = [];
  const warnings: string[] = [];
  for (const file of SOURCE_FOLDERS.flatMap((folder) => elementFiles(join(root, folder)))) {
    const path = relative(root, file).split(sep).join('/');
    const doc = parseElementHeader(readFileSync(file, 'utf8'), path);
    if (!doc) {
      warnings.push(`${path}: no JSDoc header with @tag, so the element is missing from the docs and typings`);
      continue;
    }
    const entry = /^elements\/([^/]+)\/\1\.element\.ts$/.exec(path);
    if (entry && doc.tag !== `hearth-${entry[1]}`) {
      warnings.push(`${path}: @tag is "${doc.tag}", expected "hearth-${entry[1]}" (the loader maps tags to folders)`);
    }
    if (!/^hearth-[a-z0-9]+(-[a-z0-9]+)*$/.test(doc.tag)) warnings.push(`${path}: @tag "${doc.tag}" is not a hearth-* name`);
    elements.push(doc);
  }
  elements.sort((a, b) => a.tag.localeCompare(b.tag));
  return { elements, warnings };
}

// ---- Custom Elements Manifest ----

/** The parts of the Custom Elements Manifest schema 2.x we write. */
interface CemItem {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
}
export interface CemDeclaration {
  kind: 'class';
  name: string;
  tagName: string;
  customElement: true;
  summary?: string;
  description?: string;
  superclass: { name: string };
  attributes?: (CemItem & { fieldName: string })[];
  members?: (CemItem & { kind: 'field' })[];
  events?: CemItem[];
  cssParts?: CemItem[];
  cssProperties?: (Omit<CemItem, 'type'> & { syntax?: string })[];
  slots?: CemItem[];
}
export interface CemModule {
  kind: 'javascript-module';
  path: string;
  declarations: CemDeclaration[];
  exports: { kind: 'custom-element-definition'; name: string; declaration: { name: string; module: string } }[];
}
export interface CemManifest {
  schemaVersion: string;
  readme: string;
  modules: CemModule[];
}

const camelCase = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** `hearth-contact-form` → `HearthContactForm`. */
export const className = (tag: string) => camelCase(`-${tag}`);

const optionalFields = (item: DocItem) => ({
  ...(item.type ? { type: { text: item.type } } : {}),
  ...(item.default !== undefined ? { default: item.default } : {}),
  ...(item.description ? { description: item.description } : {}),
});

const nonEmpty = <K extends string, T>(key: K, list: T[]) => (list.length ? ({ [key]: list } as Record<K, T[]>) : {});

/**
 * The manifest for these elements. `modulePath` says where each element's module lives for the reader:
 * its source file for the repo copy, the built file for the npm package.
 */
export function toManifest(elements: ElementDoc[], modulePath: (doc: ElementDoc) => string = (doc) => doc.source): CemManifest {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: elements.map((doc) => {
      const path = modulePath(doc);
      const name = className(doc.tag);
      return {
        kind: 'javascript-module',
        path,
        declarations: [
          {
            kind: 'class',
            name,
            tagName: doc.tag,
            customElement: true,
            ...(doc.summary ? { summary: doc.summary } : {}),
            ...(doc.description ? { description: doc.description } : {}),
            superclass: { name: 'HTMLElement' },
            ...nonEmpty(
              'attributes',
              doc.attributes.map((item) => ({ name: item.name, ...optionalFields(item), fieldName: camelCase(item.name) })),
            ),
            ...nonEmpty(
              'members',
              doc.properties.map((item) => ({ kind: 'field', name: item.name, ...optionalFields(item) })),
            ),
            ...nonEmpty(
              'events',
              doc.events.map((item) => ({
                name: item.name,
                ...optionalFields({ ...item, type: item.type ? `CustomEvent<${item.type}>` : 'CustomEvent' }),
              })),
            ),
            ...nonEmpty('cssParts', doc.cssParts.map((item) => ({ name: item.name, ...optionalFields(item) }))),
            ...nonEmpty(
              'cssProperties',
              doc.cssProperties.map(({ type, ...item }) => ({
                name: item.name,
                ...optionalFields(item),
                ...(type ? { syntax: type } : {}),
              })),
            ),
            ...nonEmpty('slots', doc.slots.map((item) => ({ name: item.name, ...optionalFields(item) }))),
          },
        ],
        exports: [
          { kind: 'custom-element-definition', name: doc.tag, declaration: { name, module: path } },
        ],
      };
    }),
  };
}

export const manifestJson = (manifest: CemManifest) => `${JSON.stringify(manifest, null, 2)}\n`;

// ---- Markdown: the reference (docs/elements.md) and the table (README.md) ----

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '');

function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(headings), `|${headings.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * The Markdown reference of these elements, one `###` section each. `root` is the way from the page to
 * the repository root (`../` for docs/elements.md), for the links to each element's source.
 */
export function renderMarkdown(elements: ElementDoc[], root = ''): string {
  if (!elements.length) return '_No elements yet._';
  return elements
    .map((doc) => {
      const parts = [
        `### \`<${doc.tag}>\``,
        [doc.summary, doc.description].filter(Boolean).join('\n\n'),
        `Source: [\`${doc.source}\`](${root}${doc.source})`,
      ];
      if (doc.attributes.length) {
        const withDefaults = doc.attributes.some((a) => a.default !== undefined);
        parts.push(
          table(
            ['Attribute', 'Type', ...(withDefaults ? ['Default'] : []), 'Description'],
            doc.attributes.map((a) => [
              code(a.name),
              code(a.type),
              ...(withDefaults ? [code(a.default)] : []),
              cell(a.description),
            ]),
          ),
        );
      }
      if (doc.properties.length) {
        parts.push(
          table(
            ['Property (script only)', 'Type', 'Description'],
            doc.properties.map((p) => [code(p.name), code(p.type), cell(p.description)]),
          ),
        );
      }
      if (doc.events.length) {
        const rows = doc.events.map((e) => [code(e.name), code(e.type), cell(e.description)]);
        parts.push(table(['Event', '`detail` type', 'Description'], rows));
      }
      if (doc.cssParts.length) {
        parts.push(table(['CSS part', 'Description'], doc.cssParts.map((p) => [code(p.name), cell(p.description)])));
      }
      if (doc.cssProperties.length) {
        parts.push(
          table(
            ['CSS custom property', 'Description'],
            doc.cssProperties.map((p) => [code(p.name), cell(p.description + (p.default ? ` Default: ${code(p.default)}.` : ''))]),
          ),
        );
      }
      if (doc.slots.length) {
        parts.push(table(['Slot', 'Description'], doc.slots.map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)])));
      }
      return parts.filter(Boolean).join('\n\n');
    })
    .join('\n\n');
}

/** How long a line of the README's table of elements may grow before it is cut. */
const SUMMARY_LINE_LENGTH = 120;

/**
 * The first sentence of a summary, for a table cell. A long one is cut after its last comma or semicolon
 * outside brackets that fits (ending in "…"), else before its first colon outside brackets (the reference
 * has the rest).
 */
export function oneLineSummary(summary: string): string {
  const sentence = (/^.*?[.!?](?=\s+[A-Z'‘`(]|\s*$)/.exec(summary.trim())?.[0] ?? summary.trim()).replace(/[.]$/, '');
  if (sentence.length <= SUMMARY_LINE_LENGTH) return sentence;
  let depth = 0;
  let lastBreak = -1;
  let firstColon = -1;
  for (let i = 0; i < SUMMARY_LINE_LENGTH; i++) {
    const c = sentence[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ',' || c === ';')) lastBreak = i;
    else if (depth === 0 && c === ':' && firstColon < 0) firstColon = i;
  }
  if (lastBreak > firstColon) return `${sentence.slice(0, lastBreak)}, …`;
  return firstColon > 0 ? sentence.slice(0, firstColon) : `${sentence.slice(0, sentence.lastIndexOf(' ', SUMMARY_LINE_LENGTH))} …`;
}

/**
 * The README's table: each element in one line, linking to its section of the reference page (GitHub
 * anchors the heading `### \`<hearth-x>\`` as `#hearth-x`).
 */
export function renderElementTable(elements: ElementDoc[], referencePage = 'docs/elements.md'): string {
  if (!elements.length) return '_No elements yet._';
  return table(
    ['Element', 'What it is'],
    elements.map((doc) => [`[\`<${doc.tag}>\`](${referencePage}#${doc.tag})`, cell(oneLineSummary(doc.summary))]),
  );
}

/** `text` with the block between the markers replaced; null when the markers are missing. */
export function replaceBlock(text: string, markdown: string, markers: BlockMarkers): string | null {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) return null;
  return `${text.slice(0, start + markers.start.length)}\n${markdown}\n${text.slice(end)}`;
}

// ---- the tag map (elements/tag-name-map.ts) ----

/** One tag of the tag map: the type its element file exports, and where from. */
export interface ElementType {
  tag: string;
  /** Repo-relative path of the `*.element.ts` file, with forward slashes. */
  source: string;
  /** The exported interface (or type alias) that types the element in the DOM. */
  name: string;
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isHtmlElement = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'HTMLElement';

/** `HTMLElement` itself, or an intersection with it: the type alias of an element without properties of its own. */
function aliasesHtmlElement(type: ts.TypeNode): boolean {
  if (ts.isIntersectionTypeNode(type)) return type.types.some(aliasesHtmlElement);
  return ts.isTypeReferenceNode(type) && isHtmlElement(type.typeName);
}

/**
 * The name of the type an element file exports for its tag: its one exported interface that extends
 * `HTMLElement` (`export interface HearthXElement extends HTMLElement, ElementProperties<…> {}`), or its one
 * exported type alias of `HTMLElement`. Throws when there is none or more than one: the tag map needs it.
 */
export function elementTypeName(source: string, path: string): string {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = file.statements.flatMap((statement) => {
    if (!isExported(statement)) return [];
    if (ts.isInterfaceDeclaration(statement)) {
      const extended = statement.heritageClauses?.some((clause) => clause.types.some((type) => isHtmlElement(type.expression)));
      return extended ? [statement.name.text] : [];
    }
    return ts.isTypeAliasDeclaration(statement) && aliasesHtmlElement(statement.type) ? [statement.name.text] : [];
  });
  if (names.length === 1) return names[0]!;
  const found = names.length ? `exports ${names.length} (${names.join(', ')})` : 'exports none';
  throw new Error(
    `${path}: the tag map needs the one exported interface of the element, \`export interface HearthXElement extends HTMLElement, ElementProperties<…> {}\`; the file ${found}`,
  );
}

/** The exported type of each element's file (read from `root`); throws when one has none. */
export function collectElementTypes(elements: readonly Pick<ElementDoc, 'tag' | 'source'>[], root = REPO_ROOT): ElementType[] {
  return elements.map(({ tag, source }) => ({ tag, source, name: elementTypeName(readFileSync(join(root, source), 'utf8'), source) }));
}

/** The text of elements/tag-name-map.ts: each tag mapped to its element's type, imported type-only. */
export function renderTagNameMap(types: readonly ElementType[]): string {
  const seen = new Map<string, string>();
  for (const { name, source } of types) {
    const other = seen.get(name);
    if (other) throw new Error(`${source} and ${other} both export ${name}: the tag map imports each name once`);
    seen.set(name, source);
  }
  const specifier = (source: string) => {
    const path = posix.relative('elements', source.replace(/\.ts$/, ''));
    return path.startsWith('.') ? path : `./${path}`;
  };
  return [
    '// Generated by cdn/custom-elements.ts from the exported interface of each element file: do not edit.',
    '// After adding an element, run `node --import tsx cdn/custom-elements.ts --write`.',
    ...types.map(({ name, source }) => `import type { ${name} } from '${specifier(source)}';`),
    ...(types.length ? [] : ['export {};']),
    '',
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    ...types.map(({ tag, name }) => `    '${tag}': ${name};`),
    '  }',
    '}',
    '',
  ].join('\n');
}

// ---- the committed outputs ----

export const rootManifestPath = (root = REPO_ROOT) => join(root, 'custom-elements.json');
export const readmePath = (root = REPO_ROOT) => join(root, 'README.md');
export const elementsDocPath = (root = REPO_ROOT) => join(root, 'docs', 'elements.md');
export const tagNameMapPath = (root = REPO_ROOT) => join(root, 'elements', 'tag-name-map.ts');

/** The generated whole files: custom-elements.json and the tag map. */
function generatedFiles(elements: ElementDoc[], root = REPO_ROOT): { file: string; text: string }[] {
  return [
    { file: rootManifestPath(root), text: manifestJson(toManifest(elements)) },
    { file: tagNameMapPath(root), text: renderTagNameMap(collectElementTypes(elements, root)) },
  ];
}

/** The generated blocks: which file, between which markers, what goes there. */
export function generatedBlocks(elements: ElementDoc[], root = REPO_ROOT): { file: string; markers: BlockMarkers; markdown: string }[] {
  return [
    { file: elementsDocPath(root), markers: REFERENCE_MARKERS, markdown: renderMarkdown(elements, '../') },
    { file: readmePath(root), markers: TABLE_MARKERS, markdown: renderElementTable(elements) },
  ];
}

/** Writes custom-elements.json and the tag map (when they changed) and the generated Markdown blocks; says what it did. */
function writeDocs(root = REPO_ROOT, docs = collectElementDocs(root)): string[] {
  const report: string[] = [];
  for (const { file, text } of generatedFiles(docs.elements, root)) {
    const name = relative(root, file);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      report.push(`wrote ${name} (${docs.elements.length} elements)`);
    } else report.push(`${name} is current`);
  }

  for (const { file, markers, markdown } of generatedBlocks(docs.elements, root)) {
    const name = relative(root, file);
    const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const updated = text === null ? null : replaceBlock(text, markdown, markers);
    if (updated === null) report.push(`${name} lacks the ${markers.start} … ${markers.end} markers: left alone`);
    else if (updated !== text) {
      writeFileSync(file, updated);
      report.push(`wrote the generated block of ${name}`);
    } else report.push(`${name} is current`);
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const docs = collectElementDocs();
  for (const warning of docs.warnings) console.warn(`warning: ${warning}`);
  if (process.argv.includes('--write')) for (const line of writeDocs(REPO_ROOT, docs)) console.log(line);
  else process.stdout.write(manifestJson(toManifest(docs.elements)));
}
