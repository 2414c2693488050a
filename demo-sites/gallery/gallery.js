/**
 * The element gallery: one section per element of custom-elements.json (generated from the elements'
 * JSDoc headers), each with a live element and a knob per attribute, and a log of every hearth-* event.
 * A new element appears here by itself once its header is in the manifest.
 *
 * Knobs by attribute type: a checkbox for `boolean`, a select for a union of literals (`'a' | 'b'`), a text
 * input for anything else (strings and numbers: malformed values are worth trying, they emit hearth-error).
 *
 * Query: `?partner=acme` sets the loader's data-partner, `?build=react` loads the React build.
 */

/**
 * Values an element starts with so that it opens working, on the seed's demo data (server/seed): listing 1001,
 * the homes sold around 1002, the stay 1301, the demo seller's home (case 900000001) and its marketing case
 * (900000020), a region with market data. `tag attr` wins over `attr`; null leaves the attribute unset.
 */
const START_VALUES = {
  'listing-id': '1001',
  // A filter there: without it the viewer's tours and offers on every listing.
  'hearth-tours listing-id': null,
  'hearth-offers listing-id': null,
  'hearth-availability-calendar listing-id': '1301',
  'hearth-home-value listing-id': '1002',
  'hearth-open-houses listing-id': '1002',
  'case-id': '900000001',
  'hearth-open-houses case-id': null,
  'hearth-marketing case-id': '900000020',
  'hearth-market-metrics region': 'Salt Lake City',
  'hearth-market-metrics state': 'UT',
  'hearth-questionnaire questionnaire': 'seller-intake-sale',
  // Here the app previews the site: on its home page, the gallery's URL and title left alone.
  'hearth-app contained': '',
};

/** What a section says above its element: whose data it shows. */
const NOTES = {
  'hearth-home-detail': 'Case 900000001 is the demo seller’s home: sign in as seller@hearth.example / hearth-demo-seller to see it.',
  'hearth-photo-management': 'Case 900000001 is the demo seller’s home: sign in as seller@hearth.example / hearth-demo-seller to manage its photos.',
  'hearth-documents': 'Sign in as seller@hearth.example / hearth-demo-seller to see the documents of the demo seller’s home (case 900000001).',
  'hearth-marketing': 'Case 900000020 is the demo seller’s marketing case: sign in as seller@hearth.example / hearth-demo-seller to see it.',
  'hearth-seller-dashboard': 'Sign in as seller@hearth.example / hearth-demo-seller to see the demo seller’s homes.',
};

/** The loader's own event; every other event name comes from the manifest. */
const LOADER_EVENTS = ['hearth-loaded'];
/** The log keeps the newest entries only. */
const LOG_LIMIT = 200;

// ---- reading the manifest ----

/** `'map' | 'gallery'` → ['map', 'gallery']; null when the type is not a union of string literals. */
function literalUnion(type) {
  const options = type.split('|').map((part) => part.trim());
  const literal = /^(['"])(.*)\1$/;
  if (!options.every((option) => literal.test(option))) return null;
  return options.map((option) => literal.exec(option)[2]);
}

/** 'checkbox' | 'select' | 'text', by the attribute's type. */
function knobKind(attribute) {
  const type = attribute.type?.text ?? 'string';
  if (type === 'boolean') return 'checkbox';
  return literalUnion(type) ? 'select' : 'text';
}

/** The default the manifest gives (`[name=x]` in the header), else the one its description names. */
function defaultOf(attribute) {
  if (attribute.default !== undefined) return attribute.default.replace(/^(['"])(.*)\1$/, '$2');
  const said = /\(default:? (?:`([^`]+)`|'([^']+)'|([\w.%-]+))[;)]/.exec(attribute.description ?? '');
  return said ? (said[1] ?? said[2] ?? said[3]) : undefined;
}

/** The example its description gives ("e.g. `450000`"). */
const exampleOf = (attribute) => /e\.g\. `([^`]+)`/.exec(attribute.description ?? '')?.[1];

function startValue(tag, attribute) {
  const own = `${tag} ${attribute.name}`;
  if (own in START_VALUES) return START_VALUES[own];
  return START_VALUES[attribute.name] ?? null;
}

// ---- building the page ----

const el = (name, props = {}, ...children) => {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  node.append(...children.filter(Boolean));
  return node;
};

/** Text with the manifest's Markdown code spans (`x`) as <code>. */
const withCode = (text) => text.split('`').map((part, i) => (i % 2 ? el('code', { text: part }) : part));

/** One labelled control for one attribute of the live element `target`. */
function knob(tag, attribute, target) {
  const id = `${tag}--${attribute.name}`;
  const kind = knobKind(attribute);
  const hint = attribute.description ? el('span', { class: 'hint', id: `${id}-hint` }, ...withCode(attribute.description)) : null;
  const common = { id, name: attribute.name, 'aria-describedby': hint ? `${id}-hint` : undefined };
  const fallback = defaultOf(attribute);
  const current = target?.getAttribute(attribute.name) ?? null;
  let control;
  if (kind === 'checkbox') {
    control = el('input', { ...common, type: 'checkbox', checked: current !== null });
  } else if (kind === 'select') {
    const unset = fallback === undefined ? '(not set)' : `(not set: ${fallback})`;
    control = el(
      'select',
      common,
      el('option', { value: '', text: unset }),
      ...literalUnion(attribute.type.text).map((value) => el('option', { value, text: value })),
    );
    control.value = current ?? '';
  } else {
    const example = exampleOf(attribute);
    const number = attribute.type?.text === 'number';
    control = el('input', {
      ...common,
      type: 'text',
      inputmode: number ? 'decimal' : undefined,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: fallback !== undefined ? `default ${fallback}` : example ? `e.g. ${example}` : undefined,
    });
    control.value = current ?? '';
  }
  const type = el('span', { class: 'type', text: attribute.type?.text ?? 'string' });
  const label = el('label', { for: id }, el('code', { text: attribute.name }), ' ', type);
  return el('div', { class: `knob knob-${kind}` }, ...(kind === 'checkbox' ? [control, label] : [label, control]), hint);
}

/** Sets or removes the attribute a knob stands for. */
function apply(control, target) {
  const on = control.type === 'checkbox' ? control.checked : control.value !== '';
  if (!on) target.removeAttribute(control.name);
  else target.setAttribute(control.name, control.type === 'checkbox' ? '' : control.value);
}

/** Knobs follow attributes the element changes itself (e.g. `open-dialog` removed when the dialog closes). */
function reflect(target, form) {
  new MutationObserver((records) => {
    for (const { attributeName } of records) {
      const control = form.elements.namedItem(attributeName);
      if (!control || control === document.activeElement) continue;
      const value = target.getAttribute(attributeName);
      if (control.type === 'checkbox') control.checked = value !== null;
      else control.value = value ?? '';
    }
  }).observe(target, { attributes: true });
}

function section(declaration, loadable) {
  const tag = declaration.tagName;
  const attributes = declaration.attributes ?? [];
  const events = (declaration.events ?? []).map((event) => event.name);
  const heading = el('h2', { id: `${tag}-title` }, el('code', { text: `<${tag}>` }));
  const summary = declaration.summary ? el('p', { class: 'summary' }, ...withCode(declaration.summary)) : null;
  const facts = el('p', { class: 'facts' }, events.length ? 'Events: ' : 'No events.');
  events.forEach((name, i) => facts.append(...(i ? [', '] : []), el('code', { text: name })));
  const parts = [heading, summary, facts];
  if (NOTES[tag]) parts.push(el('p', { class: 'note', text: NOTES[tag] }));

  if (!loadable) {
    parts.push(el('p', { class: 'note', text: 'The loader does not load this tag: the runtime creates it when it is needed, so there is nothing to place here.' }));
    return el('section', { class: 'specimen', id: tag, 'aria-labelledby': heading.id }, ...parts);
  }

  const target = el('div', { class: 'stage' }).appendChild(document.createElement(tag));
  target.id = `${tag}-live`;
  for (const attribute of attributes) {
    const value = startValue(tag, attribute);
    if (value !== null) target.setAttribute(attribute.name, knobKind(attribute) === 'checkbox' ? '' : value);
  }
  const form = el('form', { class: 'knobs', 'aria-label': `${tag} attributes`, novalidate: true });
  if (attributes.length) for (const attribute of attributes) form.append(knob(tag, attribute, target));
  else form.append(el('p', { class: 'note', text: 'No attributes.' }));
  // Text knobs commit on Enter or when they lose focus, so half-typed ids do not each load a listing.
  form.addEventListener('input', (event) => {
    if (event.target.type === 'checkbox' || event.target.tagName === 'SELECT') apply(event.target, target);
  });
  form.addEventListener('change', (event) => {
    if (event.target.type === 'text') apply(event.target, target);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (document.activeElement?.form === form) apply(document.activeElement, target);
  });
  reflect(target, form);
  parts.push(form, target.parentElement);
  return el('section', { class: 'specimen', id: tag, 'aria-labelledby': heading.id }, ...parts);
}

// ---- the event log ----

const log = document.getElementById('event-log');

function logEvent(event) {
  const source = event.target instanceof Element ? event.target.localName : 'document';
  let detail;
  try {
    detail = JSON.stringify(event.detail ?? null);
  } catch {
    detail = '(not serialisable)';
  }
  const entry = el(
    'li',
    {},
    el('code', { class: 'event-type', text: event.type }),
    ' ',
    el('span', { class: 'event-source', text: `from ${source}` }),
    el('code', { class: 'event-detail', text: detail }),
  );
  log.prepend(entry);
  while (log.children.length > LOG_LIMIT) log.lastElementChild.remove();
}

document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

// ---- page settings: partner and build reload the page ----

const query = new URLSearchParams(location.search);
const partner = query.get('partner') ?? '';
const build = query.get('build') === 'react' ? 'react' : '';
const cdn = build === 'react' ? '/cdn-react/v1' : '/cdn/v1';
const settings = document.getElementById('page-settings');
settings.elements.namedItem('partner').value = partner;
settings.elements.namedItem('build').value = build;
settings.addEventListener('input', (event) => {
  const url = new URL(location.href);
  if (event.target.value) url.searchParams.set(event.target.name, event.target.value);
  else url.searchParams.delete(event.target.name);
  location.href = url.href;
});

// ---- start ----

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

async function start() {
  const main = document.getElementById('elements');
  const status = document.getElementById('status');
  let elements;
  let loadable;
  try {
    const [manifest, cdnManifest] = await Promise.all([fetchJson('custom-elements.json'), fetchJson(`${cdn}/manifest.json`)]);
    elements = manifest.modules
      .flatMap((module) => module.declarations)
      .filter((declaration) => declaration.customElement && declaration.tagName)
      .sort((a, b) => a.tagName.localeCompare(b.tagName));
    loadable = new Set(Object.keys(cdnManifest.elements));
  } catch (error) {
    status.textContent = `Could not read the element manifests (${error.message}). Is the build there (npm run build)?`;
    return;
  }

  const names = new Set(LOADER_EVENTS);
  for (const declaration of elements) for (const event of declaration.events ?? []) names.add(event.name);
  for (const name of names) document.addEventListener(name, logEvent);

  const toc = document.getElementById('toc');
  for (const declaration of elements) {
    toc.append(el('li', {}, el('a', { href: `#${declaration.tagName}`, text: declaration.tagName })));
    main.append(section(declaration, loadable.has(declaration.tagName)));
  }
  status.remove();
  main.removeAttribute('aria-busy');

  const loader = el('script', { src: `${cdn}/loader.js`, async: true });
  if (partner) loader.dataset.partner = partner;
  document.head.append(loader);
}

void start();
