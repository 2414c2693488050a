import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  collectElementDocs,
  collectElementTypes,
  elementTypeName,
  generatedBlocks,
  manifestJson,
  oneLineSummary,
  parseElementHeader,
  REFERENCE_MARKERS,
  renderElementTable,
  renderMarkdown,
  renderTagNameMap,
  replaceBlock,
  rootManifestPath,
  TABLE_MARKERS,
  tagNameMapPath,
  toManifest,
} from './custom-elements';
import { REPO_ROOT } from './project';

const SAMPLE = `/**
 * Shows one home as a card.
 * @summary A listing card: photo, price, address and the key facts,
 * linking to the listing page.
 * @tag hearth-listing-card
 * @attr {number} listing-id - The listing to show.
 * @attr {'default' | 'small'} [variant=default] - \`small\` drops the facts line.
 * @attr {boolean} hide-favorite - Hides the heart button.
 * @prop {ListingSummary} listing - Listing data the page already has.
 * @event {ListingSelectedDetail} hearth-listing-selected - The card was chosen; \`detail\` = \`{ listingId }\`.
 * @event hearth-error - An attribute was malformed.
 * @csspart base - The card.
 * @csspart price - The price line.
 * @cssproperty --hearth-color-primary - Price colour.
 * @cssproperty {<length>} [--hearth-radius=8px] - Corner radius.
 * @slot badge - A badge over the photo.
 * @slot - Extra content under the facts.
 */
import { defineElement } from '../../core/define-element/define-element';
/** Not the header: no @tag here. */
export const x = 1;
`;

describe('parseElementHeader', () => {
  it('reads every tag of a header, with continuation lines, types, defaults and the default slot', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts');

    expect(doc).toEqual({
      tag: 'hearth-listing-card',
      source: 'elements/listing-card/listing-card.element.ts',
      summary: 'A listing card: photo, price, address and the key facts, linking to the listing page.',
      description: 'Shows one home as a card.',
      attributes: [
        { name: 'listing-id', type: 'number', description: 'The listing to show.' },
        { name: 'variant', type: "'default' | 'small'", default: 'default', description: '`small` drops the facts line.' },
        { name: 'hide-favorite', type: 'boolean', description: 'Hides the heart button.' },
      ],
      properties: [{ name: 'listing', type: 'ListingSummary', description: 'Listing data the page already has.' }],
      events: [
        {
          name: 'hearth-listing-selected',
          type: 'ListingSelectedDetail',
          description: 'The card was chosen; `detail` = `{ listingId }`.',
        },
        { name: 'hearth-error', description: 'An attribute was malformed.' },
      ],
      cssParts: [
        { name: 'base', description: 'The card.' },
        { name: 'price', description: 'The price line.' },
      ],
      cssProperties: [
        { name: '--hearth-color-primary', description: 'Price colour.' },
        { name: '--hearth-radius', type: '<length>', default: '8px', description: 'Corner radius.' },
      ],
      slots: [
        { name: 'badge', description: 'A badge over the photo.' },
        { name: '', description: 'Extra content under the facts.' },
      ],
    });
  });

  it('reads types with nested braces', () => {
    const doc = parseElementHeader(
      '/**\n * @tag hearth-x\n * @prop {{ id: string; tags: { name: string }[] }} data - Rich data.\n */',
      'x.element.ts',
    );

    expect(doc?.properties).toEqual([{ name: 'data', type: '{ id: string; tags: { name: string }[] }', description: 'Rich data.' }]);
  });

  it('returns null for a file without a @tag header', () => {
    expect(parseElementHeader('/** Just a helper. */\nexport const y = 2;', 'y.ts')).toBeNull();
  });
});

describe('elementTypeName and renderTagNameMap (elements/tag-name-map.ts)', () => {
  const tail = (declarations: string) => `${SAMPLE}\ninterface ListingCardMethods {\n  refresh(): void;\n}\n${declarations}`;

  it("finds the element file's exported interface that extends HTMLElement, also over several lines", () => {
    const source = tail(
      [
        'export interface ListingCardProperties {\n  listing: unknown;\n}',
        'interface HearthPrivateElement extends HTMLElement {}',
        'export interface HearthListingCardElement\n  extends HTMLElement, ListingCardMethods,\n    ElementProperties<typeof listingCardAttributes, ListingCardProperties> {}',
      ].join('\n'),
    );

    expect(elementTypeName(source, 'elements/listing-card/listing-card.element.ts')).toBe('HearthListingCardElement');
  });

  it('takes a type alias of HTMLElement for an element without attributes', () => {
    expect(elementTypeName(tail('export type HearthToasterElement = HTMLElement;'), 'elements/toaster/toaster.element.ts')).toBe(
      'HearthToasterElement',
    );
  });

  it('fails loudly when the file exports no element interface, or more than one', () => {
    expect(() => elementTypeName(tail('interface HearthListingCardElement extends HTMLElement {}'), 'elements/x/x.element.ts')).toThrow(
      /elements\/x\/x\.element\.ts: the tag map needs the one exported interface .* exports none/,
    );
    expect(() => elementTypeName(SAMPLE, 'elements/x/x.element.ts')).toThrow(/exports none/);
    expect(() =>
      elementTypeName(tail('export interface AElement extends HTMLElement {}\nexport type BElement = HTMLElement;'), 'elements/x/x.element.ts'),
    ).toThrow(/exports 2 \(AElement, BElement\)/);
  });

  it('maps each tag to its type, imported type-only from its file', () => {
    const text = renderTagNameMap([
      { tag: 'hearth-blog', source: 'elements/blog/blog.element.ts', name: 'HearthBlogElement' },
      { tag: 'hearth-legacy', source: 'core/legacy/legacy.element.ts', name: 'HearthLegacyElement' },
    ]);

    expect(text).toContain("import type { HearthBlogElement } from './blog/blog.element';\n");
    expect(text).toContain("import type { HearthLegacyElement } from '../core/legacy/legacy.element';\n");
    expect(text).toContain(
      "declare global {\n  interface HTMLElementTagNameMap {\n    'hearth-blog': HearthBlogElement;\n    'hearth-legacy': HearthLegacyElement;\n  }\n}\n",
    );
  });

  it('refuses two elements exporting the same name', () => {
    expect(() =>
      renderTagNameMap([
        { tag: 'hearth-a', source: 'elements/a/a.element.ts', name: 'HearthElement' },
        { tag: 'hearth-b', source: 'elements/b/b.element.ts', name: 'HearthElement' },
      ]),
    ).toThrow('elements/b/b.element.ts and elements/a/a.element.ts both export HearthElement');
  });
});

describe('toManifest', () => {
  it('writes Custom Elements Manifest 2.x declarations and definitions', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts')!;

    const manifest = toManifest([doc], () => 'elements/listing-card.js');

    expect(manifest.schemaVersion).toMatch(/^2\./);
    expect(manifest.modules).toHaveLength(1);
    const module = manifest.modules[0]!;
    expect(module).toMatchObject({
      kind: 'javascript-module',
      path: 'elements/listing-card.js',
      exports: [
        {
          kind: 'custom-element-definition',
          name: 'hearth-listing-card',
          declaration: { name: 'HearthListingCard', module: 'elements/listing-card.js' },
        },
      ],
    });
    const declaration = module.declarations[0]!;
    expect(declaration).toMatchObject({ kind: 'class', customElement: true, tagName: 'hearth-listing-card' });
    expect(declaration.attributes?.[1]).toEqual({
      name: 'variant',
      type: { text: "'default' | 'small'" },
      default: 'default',
      description: '`small` drops the facts line.',
      fieldName: 'variant',
    });
    expect(declaration.members).toEqual([
      { kind: 'field', name: 'listing', type: { text: 'ListingSummary' }, description: 'Listing data the page already has.' },
    ]);
    expect(declaration.events?.[0]?.type).toEqual({ text: 'CustomEvent<ListingSelectedDetail>' });
    expect(declaration.cssProperties?.[1]).toEqual({
      name: '--hearth-radius',
      default: '8px',
      description: 'Corner radius.',
      syntax: '<length>',
    });
    expect(declaration.slots?.[1]).toEqual({ name: '', description: 'Extra content under the facts.' });
  });
});

describe('renderMarkdown, renderElementTable and replaceBlock', () => {
  it('renders tables with pipes escaped', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts')!;

    const markdown = renderMarkdown([doc]);

    expect(markdown).toContain('### `<hearth-listing-card>`');
    expect(markdown).toContain("| `variant` | `'default' \\| 'small'` | `default` | `small` drops the facts line. |");
    expect(markdown).toContain('| `hearth-listing-selected` | `ListingSelectedDetail` |');
    expect(markdown).toContain('| (default) | Extra content under the facts. |');
  });

  it('links each source from where the page is: the repository root, or docs/', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts')!;

    expect(renderMarkdown([doc])).toContain('Source: [`elements/listing-card/listing-card.element.ts`](elements/listing-card/listing-card.element.ts)');
    expect(renderMarkdown([doc], '../')).toContain(
      'Source: [`elements/listing-card/listing-card.element.ts`](../elements/listing-card/listing-card.element.ts)',
    );
  });

  it('renders the table of elements: one line each, linking to its section of the reference', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts')!;

    expect(renderElementTable([doc])).toBe(
      [
        '| Element | What it is |',
        '|---|---|',
        '| [`<hearth-listing-card>`](docs/elements.md#hearth-listing-card) | A listing card: photo, price, address and the key facts, linking to the listing page |',
      ].join('\n'),
    );
  });

  it('keeps a short first sentence whole and cuts a long one at a comma that fits, else at its colon', () => {
    expect(oneLineSummary('A lead-capture form: the visitor asks. With `listing-id` it names the home.')).toBe('A lead-capture form: the visitor asks');
    expect(oneLineSummary("A listing's open houses. For the listing's seller: every open house.")).toBe("A listing's open houses");
    expect(oneLineSummary('The toast region (spec §8: bottom right, 5000 ms). Created by the runtime.')).toBe('The toast region (spec §8: bottom right, 5000 ms)');
    const long = `One listing at a glance: photo, price, beds, baths, area, address, badges (new, price drop, under contract, sold), ${'and more '.repeat(10)}.`;
    expect(oneLineSummary(long)).toBe('One listing at a glance: photo, price, beds, baths, area, address, badges (new, price drop, under contract, sold), …');
    const unbroken = `A listing's page: a photo lightbox (${'thumbnails, photos, '.repeat(10)}) and more.`;
    expect(oneLineSummary(unbroken)).toBe("A listing's page");
  });

  it('replaces only the text between the markers', () => {
    const readme = `# Title\n\nbefore\n${TABLE_MARKERS.start}\nold text\n${TABLE_MARKERS.end}\nafter\n`;

    expect(replaceBlock(readme, 'new text', TABLE_MARKERS)).toBe(`# Title\n\nbefore\n${TABLE_MARKERS.start}\nnew text\n${TABLE_MARKERS.end}\nafter\n`);
  });

  it('leaves a file without markers alone', () => {
    expect(replaceBlock('# Title\n', 'new text', REFERENCE_MARKERS)).toBeNull();
    expect(replaceBlock(`# Title\n${REFERENCE_MARKERS.start}\n`, 'new text', TABLE_MARKERS)).toBeNull();
  });
});

describe('the committed outputs', () => {
  const regenerate = 'run `node --import tsx cdn/custom-elements.ts --write`';

  it('every *.element.ts has a header whose @tag matches its folder', () => {
    expect(collectElementDocs().warnings).toEqual([]);
  });

  it('custom-elements.json matches the element headers', () => {
    const file = rootManifestPath();
    expect(existsSync(file), `custom-elements.json is missing: ${regenerate}`).toBe(true);

    const expected = manifestJson(toManifest(collectElementDocs().elements));

    expect(readFileSync(file, 'utf8'), `custom-elements.json is out of date: ${regenerate}`).toBe(expected);
  });

  it('elements/tag-name-map.ts maps every element to the interface its file exports', () => {
    const file = tagNameMapPath();
    expect(existsSync(file), `elements/tag-name-map.ts is missing: ${regenerate}`).toBe(true);
    const elements = collectElementDocs().elements;

    const expected = renderTagNameMap(collectElementTypes(elements));

    expect(readFileSync(file, 'utf8'), `elements/tag-name-map.ts is out of date: ${regenerate}`).toBe(expected);
    for (const { tag } of elements) expect(expected).toContain(`    '${tag}': Hearth`);
  });

  it('the element reference in docs/elements.md and the table of elements in README.md match the element headers', () => {
    const blocks = generatedBlocks(collectElementDocs().elements);
    expect(blocks.map(({ file }) => relative(REPO_ROOT, file))).toEqual(['docs/elements.md', 'README.md']);

    for (const { file, markers, markdown } of blocks) {
      const name = relative(REPO_ROOT, file);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const updated = replaceBlock(text, markdown, markers);

      expect(updated, `${name} needs the markers ${markers.start} and ${markers.end} around its generated block`).not.toBeNull();
      expect(text, `the generated block of ${name} is out of date: ${regenerate}`).toBe(updated);
    }
  });

  it('the reference lists every element with its attributes, events and parts; the README table links to each', () => {
    const elements = collectElementDocs().elements;
    const reference = readFileSync(join(REPO_ROOT, 'docs', 'elements.md'), 'utf8');
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(elements.length).toBeGreaterThan(10);

    for (const doc of elements) {
      expect(reference).toContain(`### \`<${doc.tag}>\``);
      for (const item of [...doc.attributes, ...doc.events, ...doc.cssParts]) expect(reference, doc.tag).toContain(`| \`${item.name}\` |`);
      expect(readme).toContain(`[\`<${doc.tag}>\`](docs/elements.md#${doc.tag})`);
    }
  });
});
