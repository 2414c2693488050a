/**
 * Our one way to turn a React view into a `hearth-*` custom element, over @r2wc/react-to-web-component.
 * It fixes r2wc's raw behaviour, which our embed contract (DESIGN §1) cannot live with:
 * - r2wc skips empty and removed attributes (`if (value)`), so bare booleans never turn on and removal never
 *   resets: we hand every attribute to the view as its raw string (or null) and parse it ourselves;
 * - r2wc's `json`/`number` parsers throw or yield NaN on bad input: no attribute is parsed by r2wc, ours
 *   report a clear inline message and a `hearth-error` event instead;
 * - r2wc events are lower-cased and do not bubble: views get `emit(name, detail)`, which dispatches
 *   `hearth-<name>` with `bubbles` and `composed` from the host;
 * - styles: base + theme + the element's own sheet adopted into the open shadow root before first render.
 * Rich data (a listing object) is property-only: declared `properties` are passed through untouched.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useEffect, useMemo, type ComponentType } from 'react';
import baseCss from '../../themes/base.css?inline';
import { getThemeSheet } from '../../themes/theme';
import { ensureAppContext } from '../config/config';
import { toKebab, type AttributeSpec } from './attributes';
import { dispatchHearthEvent, type HearthErrorDetail } from './events';
import { sheetFor } from './styles';

// r2wc keeps its props and its render function behind these global symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

type AnyAttributeSpec = AttributeSpec<any>;
export type AttributeValues<A extends Record<string, AnyAttributeSpec>> = {
  [K in keyof A]: A[K] extends AttributeSpec<infer T> ? T : never;
};

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

interface AttributeProblem {
  attribute: string;
  value: string;
  message: string;
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

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
    const host = (props.container as ShadowRoot).host as HTMLElement;
    const element = useMemo<ElementHandle>(
      () => ({ tag, host, emit: (name, detail) => void dispatchHearthEvent(host, name, detail) }),
      [host],
    );

    const values: Record<string, unknown> = {};
    const problems: AttributeProblem[] = [];
    for (const name of attributeNames) {
      const raw = (props[name] as string | null | undefined) ?? null;
      const parsed = attributes[name]!.parse(raw);
      values[name] = parsed.value;
      if (!parsed.ok) {
        const attribute = toKebab(name);
        problems.push({ attribute, value: raw ?? '', message: `The ${attribute} attribute ${parsed.message} (got "${shorten(raw ?? '')}").` });
      }
    }
    for (const name of properties) if (props[name] !== undefined) values[name] = props[name];

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
