/**
 * Named prepared statements for the embedded database (used by pglite-thread.ts). PGlite's `query`
 * sends every statement unnamed, so PostgreSQL parses, analyses and plans it on each run: for a search
 * page that is half the statement's time (planning 0.8 ms of 1.8 ms at 100k listings). Here each SQL text
 * is parsed once into a named statement and then only bound and executed; PostgreSQL's plan cache
 * decides, as it does for any prepared statement, whether a generic plan serves (plan_cache_mode auto).
 *
 * Built on PGlite's public wire-protocol API (`execProtocol`, `protocol.serialize`, `parse`) and its
 * locks (`_runExclusiveTransaction`, `_runExclusiveQuery`: what its own `query` takes), so a statement
 * never interleaves with a transaction or another query. Parameters are serialised exactly as PGlite's
 * `query` does (by the described parameter types); rows are parsed by PGlite's own parsers.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { GENERIC_PLAN } from './hints';

/** Statements kept per connection; the least recently used is closed beyond this. */
export const MAX_PREPARED = 256;

interface Statement {
  name: string;
  paramTypes: number[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const FORCE_GENERIC = protocol.serialize.query('SET plan_cache_mode = force_generic_plan');
const RESET_PLAN_MODE = protocol.serialize.query('RESET plan_cache_mode');

/** "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  private nextName = 1;

  constructor(private readonly pg: PGlite) {}

  /** Runs `sql` with `params` as a prepared statement; `inTransaction`: the caller holds the transaction. */
  async query<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    const run = () => this.pg._runExclusiveQuery(() => this.run<T>(sql, params, !inTransaction));
    return inTransaction ? run() : this.pg._runExclusiveTransaction(run);
  }

  private async run<T>(sql: string, params: readonly unknown[], syncToFs: boolean, retried = false): Promise<T[]> {
    const statement = await this.prepare(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const generic = sql.startsWith(GENERIC_PLAN);
    try {
      const { messages } = await this.pg.execProtocol(
        concat([
          ...(generic ? [FORCE_GENERIC] : []),
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
          ...(generic ? [RESET_PLAN_MODE] : []),
        ]),
        { syncToFs },
      );
      const results = parse.parseResults(messages, this.pg.parsers);
      return (results[generic ? 1 : 0]?.rows ?? []) as T[];
    } catch (error) {
      if ((error as { code?: string }).code !== PLAN_CHANGED || retried) throw error;
      // Prepared again from the SQL, against the tables as they are now.
      await this.close(sql);
      return this.run(sql, params, syncToFs, true);
    }
  }

  private async prepare(sql: string): Promise<Statement> {
    const known = this.statements.get(sql);
    if (known) {
      // Most recently used last (Map keeps insertion order).
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return known;
    }
    const name = `hearth_${this.nextName++}`;
    const { messages } = await this.pg.execProtocol(
      concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    if (this.statements.size > MAX_PREPARED) await this.close(this.statements.keys().next().value!);
    return statement;
  }

  private async close(sql: string): Promise<void> {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    await this.pg.execProtocol(concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]), {
      syncToFs: false,
    });
  }
}
