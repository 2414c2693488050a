/**
 * Definitions live as JSON files in `questionnaire/definitions/` and are stored in the database by slug
 * and version on first use (per database), so a deploy with a new file needs no manual step. A file
 * whose version is already stored with other content is refused: bump the version instead.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDefinition, type QuestionnaireDefinition } from '../../questionnaire/engine/definition';
import type { Database, Queryable } from '../db';
import { REPO_ROOT } from '../paths';

export const DEFINITIONS_DIR = join(REPO_ROOT, 'questionnaire', 'definitions');

export interface StoredDefinition {
  id: number;
  definition: QuestionnaireDefinition;
}

let fileDefinitions: { definition: QuestionnaireDefinition; checksum: string }[] | undefined;

export function loadDefinitionFiles(dir = DEFINITIONS_DIR): { definition: QuestionnaireDefinition; checksum: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      try {
        return { definition: parseDefinition(JSON.parse(text)), checksum: createHash('sha256').update(text).digest('hex') };
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`);
      }
    });
}

export async function storeDefinition(db: Queryable, definition: QuestionnaireDefinition, checksum: string): Promise<void> {
  await db.query(
    `INSERT INTO questionnaires (slug, version, title, definition, checksum) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (slug, version) DO NOTHING`,
    [definition.slug, definition.version, definition.title, JSON.stringify(definition), checksum],
  );
  const { rows } = await db.query<{ checksum: string }>('SELECT checksum FROM questionnaires WHERE slug = $1 AND version = $2', [
    definition.slug,
    definition.version,
  ]);
  if (rows[0]?.checksum !== checksum) {
    throw new Error(`Questionnaire ${definition.slug} version ${definition.version} changed after it was stored; give it a new version.`);
  }
}

const synced = new WeakMap<Database, Promise<void>>();

/** Stores the repository's definition files in `db`, once per database per process. */
export function syncDefinitions(db: Database): Promise<void> {
  let done = synced.get(db);
  if (!done) {
    fileDefinitions ??= loadDefinitionFiles();
    const files = fileDefinitions;
    done = db.transaction(async (tx) => {
      for (const { definition, checksum } of files) await storeDefinition(tx, definition, checksum);
    });
    done.catch(() => synced.delete(db));
    synced.set(db, done);
  }
  return done;
}

export async function latestDefinition(db: Database, slug: string): Promise<StoredDefinition | null> {
  await syncDefinitions(db);
  const { rows } = await db.query<{ id: number; definition: QuestionnaireDefinition }>(
    'SELECT id, definition FROM questionnaires WHERE slug = $1 ORDER BY version DESC LIMIT 1',
    [slug],
  );
  return rows[0] ? { id: Number(rows[0].id), definition: rows[0].definition } : null;
}

export async function definitionById(db: Queryable, id: number): Promise<QuestionnaireDefinition> {
  const { rows } = await db.query<{ definition: QuestionnaireDefinition }>('SELECT definition FROM questionnaires WHERE id = $1', [id]);
  return rows[0]!.definition;
}
