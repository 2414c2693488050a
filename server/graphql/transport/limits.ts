/**
 * Query size limits, as validation rules so they run before any resolver. Fragments are expanded
 * (a fragment used twice costs twice) but measured once each, so a "fragment bomb" costs the
 * validator linear time while still being reported at its full expanded size.
 * Introspection fields are not measured: in production introspection is off altogether.
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from '../graphql-js';

export const GRAPHQL_LIMITS = {
  /** Nesting of fields; the deepest spec query (a case with queues and components) needs about 6. */
  maxDepth: 10,
  /** Selected fields after expanding fragments, each costing 1; page sizes bound the list lengths. */
  maxFields: 300,
  /** Aliases let one request run a field many times; clients of the spec need a handful. */
  maxAliases: 20,
} as const;

export type GraphqlLimits = { maxDepth: number; maxFields: number; maxAliases: number };

interface Measure {
  depth: number;
  fields: number;
  aliases: number;
}

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

function measurer(fragments: Map<string, FragmentDefinitionNode>) {
  const memo = new Map<string, Measure>();
  const inProgress = new Set<string>();

  const measure = (selectionSet: SelectionSetNode): Measure => {
    const total: Measure = { depth: 0, fields: 0, aliases: 0 };
    const add = (m: Measure, depthOffset: number) => {
      total.depth = Math.max(total.depth, m.depth + depthOffset);
      total.fields += m.fields;
      total.aliases += m.aliases;
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const own: Measure = { depth: 1, fields: 1, aliases: selection.alias ? 1 : 0 };
        if (selection.selectionSet && !INTROSPECTION_ROOTS.has(selection.name.value)) {
          const child = measure(selection.selectionSet);
          own.depth += child.depth;
          own.fields += child.fields;
          own.aliases += child.aliases;
        }
        add(own, 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(measure(selection.selectionSet), 0);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Unknown and cyclic fragments are reported by the standard rules; count them as empty here.
        if (!fragment || inProgress.has(name)) continue;
        let m = memo.get(name);
        if (!m) {
          inProgress.add(name);
          m = measure(fragment.selectionSet);
          inProgress.delete(name);
          memo.set(name, m);
        }
        add(m, 0);
      }
    }
    return total;
  };
  return measure;
}

/** Reports each operation that is deeper, wider or more aliased than `limits` allow. */
export function queryLimitsRule(limits: GraphqlLimits = GRAPHQL_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const measure = measurer(fragments);
    return {
      OperationDefinition(operation) {
        const m = measure(operation.selectionSet);
        const name = operation.name ? `Operation "${operation.name.value}"` : 'The operation';
        if (m.depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`${name} is nested ${m.depth} levels deep; the limit is ${limits.maxDepth}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
        if (m.fields > limits.maxFields) {
          context.reportError(
            new GraphQLError(`${name} selects ${m.fields} fields; the limit is ${limits.maxFields}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COSTLY' },
            }),
          );
        }
        if (m.aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`${name} uses ${m.aliases} aliases; the limit is ${limits.maxAliases}.`, {
              nodes: [operation],
              extensions: { code: 'TOO_MANY_ALIASES' },
            }),
          );
        }
      },
    };
  };
}
