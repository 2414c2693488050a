/**
 * The measured costs of cost.ts (FIELD_COSTS) are complete and enforced (issue 33: `homeValue` took 40 search
 * pages' time and was charged 126, so one address sent 1,200 estimates a minute):
 *
 * - every field whose resolver runs one of the expensive domain functions below — directly, through helpers, in
 *   any module it imports — has a measured cost. The resolvers are found in the schema files
 *   (server/graphql/schema/*.ts), not listed, so a new root field or object field that calls an estimate
 *   cannot go unpriced;
 * - 50 estimates from one visitor address spend the visitor's budget for the minute (429 RATE_LIMITED).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeValueQuery } from '../../../core/valuation/valuation-api';
import type { RunningServer } from '../../app';
import { REPO_ROOT } from '../../paths';
import { startTestServer } from '../../testing/test-server';
import { schema } from '../schema/index';
import { COST_LIMITS, FIELD_COSTS } from './cost';

/**
 * Domain functions that take real work (a heavy query or computation; bench/field-costs.ts measures what
 * reaches them). `file: [names]`, paths from the repository root.
 */
const EXPENSIVE: Record<string, string[]> = {
  // The home value estimate: up to 200 sales nearest first, weighed and combined.
  'server/valuation/estimate.ts': ['nearbySales'],
  // Similar homes: a query per listing, or per page of listings.
  'server/listings/search/listing.ts': ['similarHomes'],
  'server/listings/search/batch.ts': ['similarHomesOf'],
  // Posts related to a listing: tags and places matched against every published post.
  'server/content/posts.ts': ['relatedPostsOf'],
  // The market's sentences: the latest month of every section of a region.
  'server/listings/metrics/sentences.ts': ['housingSentences'],
  // The home at a point: the nearest of our addresses (or the maps provider).
  'server/sellers/geocoding.ts': ['homeAtFor'],
  // A stay's calendar: every night of up to 12 months.
  'server/listings/search/availability.ts': ['availabilityCalendar'],
  // A region's market series: every section, up to 36 months.
  'server/listings/metrics/market-metrics.ts': ['marketMetrics'],
};

// ---------------------------------------------------------------------------------------------------
// A module graph of the server's source, read syntactically (no type checker: fast)

interface Module {
  file: string;
  source: ts.SourceFile;
  /** Top-level functions, classes and constants by name. */
  locals: Map<string, ts.Node>;
  /** Imported names: local name → where from (`*` for a namespace import). */
  imports: Map<string, { file: string; name: string }>;
  /** Re-exports: exported name → where from; `*` re-exports in `stars`. */
  reexports: Map<string, { file: string; name: string }>;
  stars: string[];
}

const modules = new Map<string, Module | null>();

function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

function moduleOf(file: string): Module | null {
  if (modules.has(file)) return modules.get(file)!;
  if (!existsSync(file)) {
    modules.set(file, null);
    return null;
  }
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const module: Module = { file, source, locals: new Map(), imports: new Map(), reexports: new Map(), stars: [] };
  modules.set(file, module);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveSpecifier(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (!target || !clause || clause.isTypeOnly) continue;
      if (clause.name) module.imports.set(clause.name.text, { file: target, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) module.imports.set(bindings.name.text, { file: target, name: '*' });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) module.imports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
        }
      }
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveSpecifier(file, statement.moduleSpecifier.text);
      if (!target) continue;
      if (!statement.exportClause) module.stars.push(target);
      else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) module.reexports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      module.locals.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) module.locals.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return module;
}

/** Where an exported name of `file` is declared: its module and local name. */
function exported(file: string, name: string, seen = new Set<string>()): { module: Module; name: string } | null {
  const key = `${file}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const module = moduleOf(file);
  if (!module) return null;
  if (module.locals.has(name)) return { module, name };
  const imported = module.imports.get(name);
  if (imported && imported.name !== '*') return exported(imported.file, imported.name, seen);
  const reexport = module.reexports.get(name);
  if (reexport) return exported(reexport.file, reexport.name, seen);
  for (const star of module.stars) {
    const found = exported(star, name, seen);
    if (found) return found;
  }
  return null;
}

const expensiveKeys = new Set(Object.entries(EXPENSIVE).flatMap(([file, names]) => names.map((name) => `${join(REPO_ROOT, file)}#${name}`)));

/**
 * Whether the object literal property an arrow or function sits in makes it lazy: a function kept in a property
 * (`{ similarHomes: new Batcher((listings) => …) }`) runs only for a caller that reaches that property. Its name,
 * or null when the function runs when its surroundings do (an argument of a call, a statement of a body).
 */
function lazyProperty(fn: ts.Node): string | null {
  let node: ts.Node = fn;
  while (node.parent) {
    const parent = node.parent;
    if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && ts.isObjectLiteralExpression(parent.parent)) {
      // An object handed to a call (options, callbacks) is used by the callee: not lazy.
      const literal = parent.parent;
      if (ts.isCallExpression(literal.parent) || ts.isNewExpression(literal.parent)) return null;
      return parent.name && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) ? parent.name.text : null;
    }
    if (ts.isMethodDeclaration(node) && ts.isObjectLiteralExpression(parent)) return null;
    // Up through the expressions around the function, not out of a statement or another function.
    if (ts.isStatement(parent) || ts.isFunctionLike(parent) || ts.isSourceFile(parent)) return null;
    node = parent;
  }
  return null;
}

/**
 * The expensive functions `root` (a resolver) reaches: every name it uses that is a function of its own module
 * or of a module it imports, followed into that function's body, and so on. A function kept in an object's
 * property is followed only when some code on the way reads that property by name.
 */
function reachedExpensive(root: ts.Node, module: Module): string[] {
  const found = new Set<string>();
  const visited = new Set<string>();
  const accessed = new Set<string>();
  const pending: { node: ts.Node; module: Module }[] = [{ node: root, module }];
  const lazy: { node: ts.Node; module: Module; property: string }[] = [];

  const follow = (target: { module: Module; name: string } | null) => {
    if (!target) return;
    const key = `${target.module.file}#${target.name}`;
    if (expensiveKeys.has(key)) found.add(`${relative(REPO_ROOT, target.module.file)}: ${target.name}`);
    if (visited.has(key)) return;
    visited.add(key);
    pending.push({ node: target.module.locals.get(target.name)!, module: target.module });
  };
  const resolveName = (name: string, within: Module) => {
    if (within.locals.has(name)) return follow({ module: within, name });
    const imported = within.imports.get(name);
    if (imported && imported.name !== '*') follow(exported(imported.file, imported.name));
  };

  while (pending.length || lazy.some((l) => accessed.has(l.property))) {
    const next = pending.pop() ?? lazy.splice(lazy.findIndex((l) => accessed.has(l.property)), 1)[0]!;
    const visit = (node: ts.Node): void => {
      if (node !== next.node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node))) {
        const property = lazyProperty(node);
        if (property !== null && !accessed.has(property)) {
          lazy.push({ node, module: next.module, property });
          return;
        }
      }
      if (ts.isPropertyAccessExpression(node)) {
        accessed.add(node.name.text);
        // `ns.member` of a namespace import.
        if (ts.isIdentifier(node.expression)) {
          const imported = next.module.imports.get(node.expression.text);
          if (imported?.name === '*') follow(exported(imported.file, node.name.text));
        }
        visit(node.expression);
        return;
      }
      if (ts.isIdentifier(node)) {
        const parent = node.parent;
        const isName =
          (ts.isPropertyAssignment(parent) && parent.name === node) ||
          (ts.isMethodDeclaration(parent) && parent.name === node) ||
          (ts.isVariableDeclaration(parent) && parent.name === node) ||
          (ts.isParameter(parent) && parent.name === node) ||
          (ts.isBindingElement(parent) && parent.name === node) ||
          ts.isTypeReferenceNode(parent);
        if (!isName) resolveName(node.text, next.module);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(next.node);
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------------
// The resolvers of the schema files, each with its field (`Type.field`)

const SCHEMA_DIR = join(REPO_ROOT, 'server/graphql/schema');

/** The GraphQL type name an expression stands for: `builder.objectRef<T>('Name')…`, `declaredType<T>('Name')`, a constant of one. */
function typeNameOf(expression: ts.Expression, module: Module, depth = 0): string | null {
  if (depth > 8) return null;
  if (ts.isStringLiteral(expression)) return expression.text;
  if (ts.isCallExpression(expression)) {
    const first = expression.arguments[0];
    if (first && ts.isStringLiteral(first)) return first.text;
    // `builder.objectRef<T>('Name').implement({…})`: the name is in the call the method hangs on.
    if (ts.isPropertyAccessExpression(expression.expression)) return typeNameOf(expression.expression.expression, module, depth + 1);
    return null;
  }
  if (ts.isIdentifier(expression)) {
    const local = module.locals.get(expression.text);
    if (local && ts.isExpression(local)) return typeNameOf(local, module, depth + 1);
    const imported = module.imports.get(expression.text);
    const target = imported ? exported(imported.file, imported.name) : null;
    const declaration = target?.module.locals.get(target.name);
    return declaration && ts.isExpression(declaration) ? typeNameOf(declaration, target!.module, depth + 1) : null;
  }
  return null;
}

/** The field a `resolve` belongs to, from the calls around it. */
function fieldOf(resolveNode: ts.Node, module: Module): string | null {
  // resolve: … → the options object → t.field({ … }) / t.string({ … }) …
  const options = resolveNode.parent;
  const fieldCall = options?.parent;
  if (!options || !ts.isObjectLiteralExpression(options) || !fieldCall || !ts.isCallExpression(fieldCall)) return null;
  let holder: ts.Node = fieldCall.parent;
  // builder.queryField('name', (t) => t.field({ … }))
  while (holder && (ts.isArrowFunction(holder) || ts.isParenthesizedExpression(holder) || ts.isReturnStatement(holder) || ts.isBlock(holder))) {
    if (ts.isCallExpression(holder.parent)) break;
    holder = holder.parent;
  }
  if (ts.isArrowFunction(holder) && ts.isCallExpression(holder.parent)) {
    const call = holder.parent;
    const callee = call.expression.getText();
    const name = call.arguments[0];
    if ((callee === 'builder.queryField' || callee === 'builder.mutationField') && name && ts.isStringLiteral(name)) {
      return `${callee === 'builder.queryField' ? 'Query' : 'Mutation'}.${name.text}`;
    }
  }
  // name: t.field({ … }) inside fields: (t) => ({ … }) of X.implement({ fields }) or builder.objectFields(X, (t) => ({ … }))
  const property = fieldCall.parent;
  if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return null;
  let up: ts.Node = property.parent;
  while (up && !ts.isCallExpression(up)) up = up.parent;
  if (!up || !ts.isCallExpression(up)) return null;
  const callee = up.expression;
  let typeName: string | null = null;
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'implement') typeName = typeNameOf(callee.expression, module);
  else if (callee.getText() === 'builder.objectFields' && up.arguments[0]) typeName = typeNameOf(up.arguments[0], module);
  return typeName ? `${typeName}.${property.name.text}` : null;
}

interface Resolver {
  field: string | null;
  where: string;
  expensive: string[];
}

function schemaResolvers(): Resolver[] {
  const resolvers: Resolver[] = [];
  for (const name of readdirSync(SCHEMA_DIR)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const module = moduleOf(join(SCHEMA_DIR, name))!;
    const visit = (node: ts.Node): void => {
      if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isIdentifier(node.name) && node.name.text === 'resolve') {
        const { line } = module.source.getLineAndCharacterOfPosition(node.getStart());
        resolvers.push({ field: fieldOf(node, module), where: `${relative(REPO_ROOT, module.file)}:${line + 1}`, expensive: reachedExpensive(node, module) });
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(module.source);
  }
  return resolvers;
}

describe('measured costs (FIELD_COSTS)', () => {
  const resolvers = schemaResolvers();

  it('finds the resolvers of the schema files and their fields', () => {
    expect(resolvers.length).toBeGreaterThan(400);
    const placed = resolvers.filter((r) => r.field !== null).map((r) => r.field!);
    for (const field of ['Query.homeValue', 'Mutation.requestValuation', 'Listing.similarHomes', 'Query.listingLoad', 'Case.media']) expect(placed).toContain(field);
    // Every field placed is one of the schema.
    const known = (field: string) => {
      const [type, name] = field.split('.');
      const found = schema.getType(type!);
      return Boolean(found && 'getFields' in found && (found as { getFields(): Record<string, unknown> }).getFields()[name!]);
    };
    expect(placed.filter((f) => !known(f))).toEqual([]);
  });

  it('follows a resolver into the domain modules, and a loader only into the property it reads', () => {
    const of = (field: string) => resolvers.find((r) => r.field === field)?.expensive;
    // requestValuation → requests.ts → estimate.ts, two modules away.
    expect(of('Mutation.requestValuation')).toEqual(['server/valuation/estimate.ts: nearbySales']);
    expect(of('Listing.similarHomes')).toEqual(expect.arrayContaining(['server/listings/search/batch.ts: similarHomesOf']));
    // Its neighbours use the same loaders object, not that property.
    expect(of('Listing.openHouse')).toEqual([]);
    expect(of('Listing.priceHistory')).toEqual([]);
  });

  it('names every expensive function that exists', () => {
    for (const [file, names] of Object.entries(EXPENSIVE)) {
      for (const name of names) expect(exported(join(REPO_ROOT, file), name), `${file}: ${name}`).not.toBeNull();
    }
  });

  it('gives every field whose resolver runs an expensive function a measured cost', () => {
    const unplaced = resolvers.filter((r) => r.expensive.length > 0 && r.field === null).map((r) => r.where);
    expect(unplaced).toEqual([]);
    const unpriced = resolvers.filter((r) => r.expensive.length > 0 && !(r.field! in FIELD_COSTS)).map((r) => `${r.field} (${r.where}: ${r.expensive.join(', ')})`);
    expect(unpriced).toEqual([]);
  });

  it('names only fields of the schema, at more than a field costs', () => {
    for (const [field, cost] of Object.entries(FIELD_COSTS)) {
      const [type, name] = field.split('.');
      const found = schema.getType(type!);
      expect(found && 'getFields' in found ? Object.keys((found as { getFields(): object }).getFields()) : [], field).toContain(name);
      const { once, each } = typeof cost === 'number' ? { once: 0, each: cost } : cost;
      expect(once + each, field).toBeGreaterThan(1);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// What that does for a visitor sending estimates (issue 33: 1,202 in 20 s, none refused)

describe('a visitor asking for estimates', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The production budgets (the test servers lift them).
    server = await startTestServer({ graphqlCostLimits: { publicPerMinute: COST_LIMITS.publicPerMinute, signedInPerMinute: COST_LIMITS.signedInPerMinute } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('spends the minute’s budget within 50 estimates: the next are refused 429 RATE_LIMITED', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await fetch(`${server.url}/public_graphql/?queryName=HomeValue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // A different home each time: nothing is answered from a cache.
        body: JSON.stringify({ query: HomeValueQuery, variables: { input: { address: '', placeId: 'address:1002', livingArea: 1_500 + i } } }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      outcomes.push(response.status === 429 ? `429 ${body.errors?.[0]?.extensions?.code}` : `${response.status}${body.errors ? ` ${body.errors[0]?.extensions?.code}` : ''}`);
    }
    const answered = outcomes.filter((o) => o === '200').length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(50);
    // Once refused, refused: the budget does not come back within the minute.
    expect(outcomes.slice(answered)).toEqual(Array(60 - answered).fill('429 RATE_LIMITED'));
  });
});
