/**
 * Our one way to turn a React view into a `hearth-*` custom element, over @r2wc/react-to-web-component.
 * It fixes r2wc's raw behaviour, which our embed contract (DESIGN §1) cannot live with:
 * - r2wc skips empty and removed attributes (`if (value)`), so bare booleans never turn on and removal never
 *   resets: we hand every attribute to the view as its raw string (or null) and parse it ourselves;
 * - r2wc's `json`/`number` parsers throw or yield NaN on bad input: no attribute is parsed by r2wc, ours
 *   report a clear inline message and a `hearth-error` event instead;
 * - r2wc events are lower-cased and do not bubble: views get `emit(name, detail)`, which dispatches
 *   `hearth-<name>` with `bubbles` and `composed` from the host;
 * - styles: base + theme + the element's own sheet adopted into the open shadow root before first render;
 * - a skeleton painted before the runtime loaded (./skeleton.ts) keeps its shadow root, and the view's first
 *   render replaces it (r2wc would try to attach a second root, which throws).
 * Rich data (a listing object) is property-only: declared `properties` are passed through untouched.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useEffect, useLayoutEffect, useMemo, type ComponentType } from 'react';
import baseCss from '../../themes/base.css?inline';
import { getThemeSheet } from '../../themes/theme';
import { ensureAppContext } from '../config/config';
import { parseAttributes, toKebab, type AttributeSpec, type AttributeValues } from './attributes';
import { dispatchHearthEvent, type HearthErrorDetail } from './events';
import { removeSkeleton } from './skeleton';
import { sheetFor } from './styles';

// r2wc keeps its props and its render function behind these global symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

type AnyAttributeSpec = AttributeSpec<any>;

/** What every view receives besides its attributes and properties. */
export interface ElementHandle {
  tag: string;
  host: HTMLElement;
  /** Dispatches `hearth-<name>` from the host, bubbling and composed. */
  emit<D>(name: string, detail: D): void;
}

export interface ElementDefinition<A extends Record<string, AnyAttributeSpec>, P extends object> {
  tag: `hearth-${string}`;
  /** camelCase prop name → parser; the attribute is its kebab-case form. */
  attributes: A;
  /** Property-only rich data, passed to the view as set. */
  properties?: readonly (keyof P & string)[];
  /** The element's own CSS texts (imported with `?inline`), after the base and theme sheets. */
  styles: readonly string[];
  view: ComponentType<AttributeValues<A> & Partial<P> & { element: ElementHandle }>;
}

/**
 * An element's interface (its `HTMLElementTagNameMap` entry), derived from its definition: a property per attribute,
 * holding the attribute's raw text or null (define-element keeps it raw; the view parses it), and the property-only
 * data `P` its `properties` declare.
 */
export type ElementProperties<A extends Record<string, AnyAttributeSpec>, P extends object = {}> = {
  [K in keyof A]: string | null;
} & P;

export function defineElement<A extends Record<string, AnyAttributeSpec>, P extends object = {}>(
  definition: ElementDefinition<A, P>,
): CustomElementConstructor {
  const existing = customElements.get(definition.tag);
  if (existing) {
    if (import.meta.env.DEV) console.warn(`${definition.tag} is already defined; the second definition is ignored.`);
    return existing;
  }
  const { tag, attributes, properties = [], styles, view: View } = definition;
  const attributeNames = Object.keys(attributes);
  const propByAttribute = new Map(attributeNames.map((name) => [toKebab(name), name]));

  function ElementRoot(props: Record<string, unknown> & { container?: ShadowRoot }) {
    const root = props.container as ShadowRoot;
    const host = root.host as HTMLElement;
    const element = useMemo<ElementHandle>(
      () => ({ tag, host, emit: (name, detail) => void dispatchHearthEvent(host, name, detail) }),
      [host],
    );

    const { values, problems } = parseAttributes(attributes, (name) => (props[name] as string | null | undefined) ?? null);
    for (const name of properties) if (props[name] !== undefined) (values as Record<string, unknown>)[name] = props[name];

    // After the first commit, before the browser paints: whatever is left of a skeleton goes.
    useLayoutEffect(() => removeSkeleton(root), [root]);

    const problemKey = problems.map((p) => p.message).join('\n');
    useEffect(() => {
      for (const problem of problems) {
        element.emit<HearthErrorDetail>('error', { tag, kind: 'attribute', ...problem });
      }
      // Report each distinct set of problems once, not on every render.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [problemKey, element]);

    return (
      <>
        {problems.length > 0 && (
          <div className="attribute-error" role="alert" part="attribute-error" data-state="invalid-attribute">
            {problems.map((p) => (
              <p key={p.attribute}>{p.message}</p>
            ))}
          </div>
        )}
        <View {...(values as AttributeValues<A> & Partial<P>)} element={element} />
      </>
    );
  }

  const r2wcProps: Record<string, string> = {};
  for (const name of attributeNames) r2wcProps[name] = 'string';
  // A type r2wc does not know stores property values as set, with no attribute reflection.
  for (const name of properties) r2wcProps[name] = 'property';

  const Base = r2wc(ElementRoot, { shadow: 'open', props: r2wcProps as never }) as unknown as {
    new (): HTMLElement & Record<symbol, any>;
  };
  const ownSheets = styles.map(sheetFor);

  class HearthElement extends Base {
    constructor() {
      super();
      this.shadowRoot!.adoptedStyleSheets = [sheetFor(baseCss), getThemeSheet(), ...ownSheets];
      // r2wc dropped empty attribute values; read them again, raw.
      for (const [attribute, prop] of propByAttribute) {
        this[R2WC_PROPS][prop] = this.getAttribute(attribute);
      }
      void ensureAppContext();
    }

    // r2wc attaches the shadow root in its constructor; a skeleton's root is kept, for the view to replace it.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      const prop = propByAttribute.get(attribute);
      if (!prop) return;
      this[R2WC_PROPS][prop] = value;
      this[R2WC_RENDER]();
    }
  }

  customElements.define(tag, HearthElement);
  return HearthElement;
}
