/**
 * The npm package's typings as a React app sees them (strict, declaration files checked too): the element
 * interfaces derived from the attribute maps, the JSX props, and `addEventListener` typing each hearth-* event's
 * detail through `GlobalEventHandlersEventMap` (cdn/build-npm.ts). Compiled, not run: once, in the Preact project
 * (playwright.config.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { paths, REPO_ROOT } from '../../server/paths';

const APP = `
import { configure } from '../npm/index.js';

configure({ api: 'https://api.example' });

const form = document.querySelector('hearth-contact-form')!;
const listingId: string | null = form.listingId;
form.listing = null;
const hideAgent: string | null = form.hideAgent;
// @ts-expect-error an attribute's property holds the attribute's raw text
const lat: number = document.querySelector('hearth-seller-dashboard')!.lat;

document.addEventListener('hearth-contact-submitted', (event) => {
  const leadId: string = event.detail.leadId;
  console.log(leadId, listingId, hideAgent, lat);
});
document.addEventListener('hearth-loaded', (event) => {
  const source: 'cache' | 'network' | 'default' = event.detail.source;
  console.log(source);
});
// @ts-expect-error each detail has its own type
document.addEventListener('hearth-error', (event) => event.detail.leadId);

export const view = (
  <hearth-contact-form listing-id={5} variant="small" hide-agent onhearth-contact-submitted={(event) => console.log(event.detail.leadId)} />
);
`;

// An app that imports only one element's module (its subpath's declaration) still gets that tag typed.
const ONE_ELEMENT = `
import '../npm/types/elements/listing-card/listing-card.element.js';

const card = document.querySelector('hearth-listing-card')!;
const listingId: string | null = card.listingId;
// @ts-expect-error an attribute's property holds the attribute's raw text
const wrong: number = card.listingId;
console.log(listingId, wrong);
`;

/** The type errors of compiling `files` as a strict app would (each program alone: global declarations are program-wide). */
function problemsOf(files: string[]): string[] {
  const modules = join(REPO_ROOT, 'node_modules');
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    // The package's dependencies (react, zod, jotai, urql) as an app installs them; dist may live outside the repo.
    paths: { '*': [join(modules, '@types', '*'), join(modules, '*')] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 300) + (d.file ? ` (${d.file.fileName})` : ''));
}

test('the npm typings type the elements, their JSX and their events for an app', async () => {
  const folder = join(paths.dist, 'npm-typings-check');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'app.tsx');
  writeFileSync(file, APP);
  const single = join(folder, 'one-element.ts');
  writeFileSync(single, ONE_ELEMENT);
  expect(problemsOf([file])).toEqual([]);
  expect(problemsOf([single])).toEqual([]);
});
