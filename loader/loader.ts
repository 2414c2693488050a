/**
 * loader.js: the classic script partners paste (DESIGN §1). cdn/build.ts bundles this file as a minified
 * IIFE per CDN flavour and replaces the two constants below with that flavour's version and chunk map.
 */
import { startLoader, type LoaderElementMap } from './start-loader';

declare const __HEARTH_VERSION__: string;
declare const __HEARTH_ELEMENTS__: LoaderElementMap;

// document.currentScript is our <script> while a classic script (async or not) first runs.
startLoader(document.currentScript as HTMLScriptElement, window, __HEARTH_VERSION__, __HEARTH_ELEMENTS__);
