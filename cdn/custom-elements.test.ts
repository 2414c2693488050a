import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  collectElementDocs,
  manifestJson,
  parseElementHeader,
  README_END,
  README_START,
  readmePath,
  renderMarkdown,
  replaceReadmeBlock,
  rootManifestPath,
  toManifest,
} from './custom-elements';

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

describe('renderMarkdown and replaceReadmeBlock', () => {
  it('renders tables with pipes escaped', () => {
    const doc = parseElementHeader(SAMPLE, 'elements/listing-card/listing-card.element.ts')!;

    const markdown = renderMarkdown([doc]);

    expect(markdown).toContain('### `<hearth-listing-card>`');
    expect(markdown).toContain("| `variant` | `'default' \\| 'small'` | `default` | `small` drops the facts line. |");
    expect(markdown).toContain('| `hearth-listing-selected` | `ListingSelectedDetail` |');
    expect(markdown).toContain('| (default) | Extra content under the facts. |');
  });

  it('replaces only the text between the markers', () => {
    const readme = `# Title\n\nbefore\n${README_START}\nold text\n${README_END}\nafter\n`;

    expect(replaceReadmeBlock(readme, 'new text')).toBe(`# Title\n\nbefore\n${README_START}\nnew text\n${README_END}\nafter\n`);
  });

  it('leaves a README without markers alone', () => {
    expect(replaceReadmeBlock('# Title\n', 'new text')).toBeNull();
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

  it('the README element reference matches the element headers', () => {
    const readme = existsSync(readmePath()) ? readFileSync(readmePath(), 'utf8') : '';
    const updated = replaceReadmeBlock(readme, renderMarkdown(collectElementDocs().elements));

    expect(updated, `README.md needs the markers ${README_START} and ${README_END} around the element reference`).not.toBeNull();
    expect(readme, `the element reference in README.md is out of date: ${regenerate}`).toBe(updated);
  });
});
