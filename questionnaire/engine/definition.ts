/**
 * The questionnaire definition format (one JSON file per questionnaire in `questionnaire/definitions/`,
 * stored in the database by slug and version). A definition is data: screens with widget markup, the
 * conditions that branch between them, categories for the progress sidebar and what happens on
 * completion. Changing a published definition means a new `version`: responses keep the version they
 * started with.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../core/validation/lazy-schema';

z.config({ jitless: true });

export type Condition =
  | { var: string; equals?: string; notEquals?: string; in?: string[]; empty?: boolean; gt?: number; lt?: number }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export interface Transition {
  /** Taken when it holds (no `when`: always). The first transition that holds wins. */
  when?: Condition;
  to: string;
}

export interface ScreenDefinition {
  id: string;
  subjectName: string;
  category?: string;
  /** HTML with widget tags (`hu-*`) and text templates. */
  markup: string;
  /** Without transitions (or none holding) the next screen in the list follows. */
  next?: Transition[];
  start?: boolean;
  /**
   * Next on an end screen completes the response, and only there (a definition whose last screen could be
   * left with no screen to follow is refused): the engine shows Submit on end screens and Next elsewhere.
   */
  end?: boolean;
  /** The screen offers no Next (a hard stop, e.g. "we cannot help with this"). */
  disableNext?: boolean;
}

export type CompletionAction =
  | { type: 'setContext'; values: Record<string, string> }
  | { type: 'notifyAgent'; subject: string; body: string };

export type QuestionnaireFlow = 'seller' | 'buyer' | 'mortgage' | 'general';

export interface QuestionnaireDefinition {
  slug: string;
  version: number;
  title: string;
  /** On exit a seller questionnaire returns to home detail, a buyer one to the offers page (spec §4). */
  flow: QuestionnaireFlow;
  categories: { id: string; name: string }[];
  screens: ScreenDefinition[];
  completion?: CompletionAction[];
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

const conditionSchema: z.ZodMiniType<Condition> = z.union([
  z.strictObject({
    var: z.string(),
    equals: z.optional(z.string()),
    notEquals: z.optional(z.string()),
    in: z.optional(z.array(z.string())),
    empty: z.optional(z.boolean()),
    gt: z.optional(z.number()),
    lt: z.optional(z.number()),
  }),
  z.strictObject({ all: z.array(z.lazy(() => conditionSchema)) }),
  z.strictObject({ any: z.array(z.lazy(() => conditionSchema)) }),
  z.strictObject({ not: z.lazy(() => conditionSchema) }),
]);

export const definitionSchema = lazySchema(() =>
  z
    .strictObject({
      slug: z.string().check(z.regex(SLUG)),
      version: z.number().check(z.int(), z.positive()),
      title: z.string().check(z.minLength(1)),
      flow: z.enum(['seller', 'buyer', 'mortgage', 'general']),
      categories: z.array(z.strictObject({ id: z.string().check(z.regex(ID)), name: z.string() })),
      screens: z.array(
        z.strictObject({
          id: z.string().check(z.regex(ID)),
          subjectName: z.string(),
          category: z.optional(z.string()),
          markup: z.string(),
          next: z.optional(z.array(z.strictObject({ when: z.optional(conditionSchema), to: z.string() }))),
          start: z.optional(z.boolean()),
          end: z.optional(z.boolean()),
          disableNext: z.optional(z.boolean()),
        }),
      ).check(z.minLength(1)),
      completion: z.optional(
        z.array(
          z.union([
            z.strictObject({ type: z.literal('setContext'), values: z.record(z.string(), z.string()) }),
            z.strictObject({ type: z.literal('notifyAgent'), subject: z.string(), body: z.string() }),
          ]),
        ),
      ),
    })
    .check(
      z.refine((d) => new Set(d.screens.map((s) => s.id)).size === d.screens.length, 'Screen ids must be unique.'),
      z.refine(
        (d) => d.screens.every((s) => (s.next ?? []).every((t) => d.screens.some((o) => o.id === t.to))),
        'Every transition must lead to a screen of the questionnaire.',
      ),
      z.refine(
        (d) => d.screens.every((s) => !s.category || d.categories.some((c) => c.id === s.category)),
        'Every screen category must be one of the categories.',
      ),
      z.refine((d) => d.screens.some((s) => s.end), 'A questionnaire needs an end screen.'),
      z.refine((d) => {
        const last = d.screens[d.screens.length - 1];
        return !last || Boolean(last.end) || (last.next ?? []).some((t) => !t.when);
      }, 'The last screen must be an end screen or always lead to another: only an end screen completes the response.'),
    ),
);

export function parseDefinition(input: unknown): QuestionnaireDefinition {
  const result = definitionSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid questionnaire definition: ${issues}`);
  }
  return result.data as QuestionnaireDefinition;
}
