/**
 * GraphQL execution by graphql-jit (DESIGN §3): a document that runs a second time is compiled into a
 * JavaScript function for the schema, which then executes it without graphql-js's per-field type
 * lookups (a search page is ~500 fields). The first run of a document goes through graphql-js, so
 * one-off documents never pay the compilation; compiled documents are dropped with the document
 * (Yoga's parse cache keeps a bounded number of them). Server-side only: the compiler builds functions
 * with `new Function`, which no browser bundle ever contains.
 */
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import { getOperationAST, getVariableValues, type DocumentNode, type ExecutionArgs, type ExecutionResult } from '../graphql-js';

/** Runs before compiling: how many times graphql-js executes a document first. */
const RUNS_BEFORE_COMPILING = 1;

interface Entry {
  runs: number;
  compiled?: CompiledQuery | ExecutionResult;
}

function variablesValid(args: ExecutionArgs): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return false;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 1 });
  return coerced.errors === undefined;
}

export function useGraphqlJit(options: { onCompile?: (operationName: string) => void } = {}): Plugin {
  const byDocument = new WeakMap<DocumentNode, Map<string, Entry>>();
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn((args: ExecutionArgs) => {
        let byOperation = byDocument.get(args.document);
        if (!byOperation) byDocument.set(args.document, (byOperation = new Map()));
        const name = args.operationName ?? '';
        let entry = byOperation.get(name);
        if (!entry) byOperation.set(name, (entry = { runs: 0 }));
        if (entry.runs < RUNS_BEFORE_COMPILING) {
          entry.runs += 1;
          return executeFn(args);
        }
        if (!entry.compiled) {
          entry.compiled = compileQuery(args.schema, args.document, args.operationName ?? undefined);
          options.onCompile?.(name);
        }
        // Compilation refuses what execution would (e.g. an unknown operation name): the same error result.
        if (!isCompiledQuery(entry.compiled)) return entry.compiled;
        // Bad variables: graphql-js answers them (the compiled query would too, but as a 200 and worded
        // differently); they fail before any resolver runs, so nothing runs twice.
        if (!variablesValid(args)) return executeFn(args);
        return entry.compiled.query(args.rootValue, args.contextValue, args.variableValues);
      });
    },
  };
}
