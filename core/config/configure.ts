/** The npm build's entry for pages without the loader: `configure({ api, partner })` before the first element. */
export { configure } from './config';
