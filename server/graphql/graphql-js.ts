/**
 * The server's only import of graphql-js. Pothos and Yoga get graphql through Node's resolution, which
 * picks `index.js`; Vite (and so Vitest) resolves a bare `graphql` to `index.mjs`, a second copy that
 * graphql-js refuses to mix with the first ("from another module or realm"). Naming the file makes
 * every runtime load the same copy.
 */
export * from 'graphql/index.js';
