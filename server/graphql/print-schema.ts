/** `npm run schema:print`: writes server/schema.graphql (a test fails while it is out of date). */
import { writeFile } from 'node:fs/promises';
import { paths } from '../paths';
import { printedSchema } from './schema/index';

await writeFile(paths.schemaFile, printedSchema());
console.info(`[graphql] wrote ${paths.schemaFile}`);
