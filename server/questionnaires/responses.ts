/**
 * Questionnaire responses (marketplace spec §4): start, current, next, previous, reset, summary, one
 * screen, and the single-screen variant. Every Next saves (in one transaction with the row locked, so
 * two tabs cannot interleave); reopening a response continues at the last screen of its history.
 */
import { randomUUID } from 'node:crypto';
import type { QuestionnaireDefinition, ScreenDefinition } from '../../questionnaire/engine/definition';
import { answerScreen, findScreen, nextScreen, screenWidgets, startScreen, summarizeScreen, type Context, type SummaryItem } from '../../questionnaire/engine/flow';
import { renderTemplate } from '../../questionnaire/engine/templates';
import { sanitizeMarkup, serializeMarkup } from '../../questionnaire/markup/allowlist';
import { parseMarkup } from '../../questionnaire/markup/parse';
import { completeCaseResponse } from '../cases/completion';
import { assertResponseEditable } from '../sellers/data-lock';
import type { Database, Queryable } from '../db';
import { badInput } from '../domain-error';
import { queueMail } from '../mail/outbox';
import { parseStoredAppContext } from '../partners/app-context';
import type { Partner } from '../partners/repository';
import { hashPin, mayAccess, mayAccessAgain, newPin, notAuthorized, pinAttemptsFor, type Caller } from './access';
import { definitionById, latestDefinition, type StoredDefinition } from './definitions';
import { refuseForeignDocuments } from './document-answers';

export const ANSWERS_NEED_ATTENTION = 'Some answers need attention.';
export const MAX_CONTEXT_BYTES = 256 * 1024;

interface ResponseRow {
  id: string;
  questionnaire_id: number;
  partner_id: number;
  owner_user_id: number | null;
  pin_hash: string | null;
  context: Context;
  history: string[];
  completed_at: Date | null;
  saved_at: Date;
}

const COLUMNS = 'id, questionnaire_id, partner_id, owner_user_id, pin_hash, context, history, completed_at, saved_at';

export interface CategoryView {
  id: string;
  name: string;
  /** done | active | upcoming (progress sidebar). */
  state: 'done' | 'active' | 'upcoming';
}

export interface ScreenView {
  responseId: string;
  questionnaire: string;
  title: string;
  flow: QuestionnaireDefinition['flow'];
  screenId: string;
  subjectName: string;
  savedAt: Date;
  markup: string;
  activeCategory: string | null;
  categories: CategoryView[];
  context: Context;
  start: boolean;
  end: boolean;
  disableNext: boolean;
  canGoBack: boolean;
  completedAt: Date | null;
}

export interface StartedResponse {
  id: string;
  /** Only for guests, only once: the PIN that reopens the response. */
  pin: string | null;
}

/** Templates filled (values escaped), then the allowlist: what leaves the server is already safe. */
export function renderScreenMarkup(markup: string, context: Context): string {
  return serializeMarkup(sanitizeMarkup(parseMarkup(renderTemplate(markup, context))));
}

function categoriesOf(definition: QuestionnaireDefinition, screen: ScreenDefinition, history: readonly string[]): CategoryView[] {
  const visited = new Set(history.map((id) => findScreen(definition, id)?.category).filter(Boolean));
  const activeIndex = definition.categories.findIndex((c) => c.id === screen.category);
  return definition.categories.map((c, i) => ({
    id: c.id,
    name: c.name,
    state: c.id === screen.category ? 'active' : visited.has(c.id) || (activeIndex >= 0 && i < activeIndex) ? 'done' : 'upcoming',
  }));
}

function view(row: ResponseRow, definition: QuestionnaireDefinition, screen: ScreenDefinition): ScreenView {
  return {
    responseId: row.id,
    questionnaire: definition.slug,
    title: definition.title,
    flow: definition.flow,
    screenId: screen.id,
    subjectName: renderTemplate(screen.subjectName, row.context),
    savedAt: row.saved_at,
    markup: renderScreenMarkup(screen.markup, row.context),
    activeCategory: screen.category ?? null,
    categories: categoriesOf(definition, screen, row.history),
    context: row.context,
    start: screen.id === startScreen(definition).id,
    end: Boolean(screen.end),
    disableNext: Boolean(screen.disableNext),
    canGoBack: row.history.length > 1,
    completedAt: row.completed_at,
  };
}

const currentOf = (definition: QuestionnaireDefinition, row: ResponseRow) =>
  findScreen(definition, row.history[row.history.length - 1]!) ?? startScreen(definition);

const RESPONSE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const guardOf = (row: Pick<ResponseRow, 'id' | 'partner_id' | 'owner_user_id' | 'pin_hash'>) => ({
  id: row.id,
  partnerId: Number(row.partner_id),
  ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
  pinHash: row.pin_hash,
});

/** A response the caller may read, with wrong PINs counted (mayAccess): never inside a transaction. */
async function loadRow(db: Database, id: string, caller: Caller): Promise<ResponseRow> {
  if (!RESPONSE_ID.test(id)) throw notAuthorized();
  const { rows } = await db.query<ResponseRow>(`SELECT ${COLUMNS} FROM questionnaire_responses WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row || !(await mayAccess(guardOf(row), caller, pinAttemptsFor(db)))) throw notAuthorized();
  return row;
}

/**
 * A change to a response: the caller is let in first (loadRow, counting wrong PINs), then `change` runs in
 * a transaction on the row locked, looked at again without counting (the rate-limit windows are never
 * touched inside a transaction: on PostgreSQL they take a connection of their own).
 */
async function changeRow<T>(db: Database, id: string, caller: Caller, change: (tx: Queryable, row: ResponseRow) => Promise<T>): Promise<T> {
  await loadRow(db, id, caller);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ResponseRow>(`SELECT ${COLUMNS} FROM questionnaire_responses WHERE id = $1 FOR UPDATE`, [id]);
    const row = rows[0];
    if (!row || !mayAccessAgain(guardOf(row), caller)) throw notAuthorized();
    return change(tx, row);
  });
}

async function saveRow(db: Queryable, row: ResponseRow, changes: { context?: Context; history?: string[]; completed?: boolean }): Promise<ResponseRow> {
  const context = changes.context ?? row.context;
  if (JSON.stringify(context).length > MAX_CONTEXT_BYTES) throw badInput('The answers are too large to save.', 'data');
  const { rows } = await db.query<ResponseRow>(
    `UPDATE questionnaire_responses SET context = $2, history = $3, saved_at = now(),
       completed_at = CASE WHEN $4::boolean THEN coalesce(completed_at, now()) ELSE completed_at END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [row.id, JSON.stringify(context), changes.history ?? row.history, changes.completed ?? false],
  );
  return rows[0]!;
}

async function insertResponse(
  db: Queryable,
  stored: StoredDefinition,
  caller: Caller,
  extra: { applicationCase?: string; context?: Context } = {},
): Promise<StartedResponse> {
  const id = randomUUID();
  const pin = caller.userId === null ? newPin() : null;
  await db.query(
    `INSERT INTO questionnaire_responses (id, questionnaire_id, partner_id, owner_user_id, pin_hash, application_case, context, history)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, stored.id, caller.partnerId, caller.userId, pin ? hashPin(id, pin) : null, extra.applicationCase ?? null, JSON.stringify(extra.context ?? {}), [
      startScreen(stored.definition).id,
    ]],
  );
  return { id, pin };
}

async function createResponse(
  db: Database,
  slug: string,
  caller: Caller,
  extra: { applicationCase?: string; context?: Context } = {},
): Promise<StartedResponse> {
  const stored = await latestDefinition(db, slug);
  if (!stored) throw badInput(`There is no questionnaire "${slug}".`, 'xmlqId');
  return insertResponse(db, stored, caller, extra);
}

/**
 * A response owned by a signed-in user with its first context, stored in the caller's transaction so a
 * domain (an offer, a mortgage case) keeps it together with the row that points to it. `stored` comes
 * from latestDefinition, read before the transaction.
 */
export async function startOwnedResponse(
  tx: Queryable,
  stored: StoredDefinition,
  owner: { partnerId: number; userId: number },
  context: Context = {},
): Promise<string> {
  const started = await insertResponse(tx, stored, { ...owner, authorization: null }, { context });
  return started.id;
}

/** questionnaireStartScreen(companyId, xmlqId): a new response at the start screen. */
export const startResponse = (db: Database, slug: string, caller: Caller) => createResponse(db, slug, caller);

export async function currentScreen(db: Database, id: string, caller: Caller): Promise<ScreenView> {
  const row = await loadRow(db, id, caller);
  const definition = await definitionById(db, Number(row.questionnaire_id));
  return view(row, definition, currentOf(definition, row));
}

export interface CompletionEffects {
  partner: Partner;
  publicOrigin: string;
}

async function complete(tx: Queryable, row: ResponseRow, definition: QuestionnaireDefinition, context: Context, effects: CompletionEffects) {
  let completedContext = context;
  for (const action of definition.completion ?? []) {
    if (action.type === 'setContext') completedContext = { ...completedContext, ...action.values };
    if (action.type === 'notifyAgent' && !row.completed_at) {
      const { agentEmail } = parseStoredAppContext(effects.partner.appContext).context as { agentEmail?: string };
      if (agentEmail) {
        await queueMail(tx, {
          to: agentEmail,
          subject: renderTemplate(action.subject, completedContext),
          body: `${renderTemplate(action.body, completedContext)}\n\nResponse ${row.id}`,
        });
      }
    }
  }
  return completedContext;
}

/** questionnaireNextScreen(respId, data): validate, save, move on (or complete after an end screen). */
export async function answerAndAdvance(
  db: Database,
  id: string,
  data: Record<string, unknown>,
  caller: Caller,
  effects: CompletionEffects,
): Promise<ScreenView> {
  const outcome = await changeRow(db, id, caller, async (tx, row) => {
    // A seller case past a locking queue keeps its answers as they were (server/sellers/data-lock.ts).
    await assertResponseEditable(tx, row.id);
    const definition = await definitionById(tx, Number(row.questionnaire_id));
    const screen = currentOf(definition, row);
    if (screen.disableNext) return { error: badInput('This screen cannot be continued.', 'respId') };
    const widgets = screenWidgets(renderTemplate(screen.markup, row.context));
    const answers = answerScreen(widgets, row.context, data);
    if (answers.unknown.length) {
      return { error: badInput(`Unknown answers for this screen: ${answers.unknown.slice(0, 5).join(', ')}.`, 'data') };
    }
    await refuseForeignDocuments(tx, widgets, answers, { id: row.id, ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id) });
    const context = { ...row.context, ...answers.values };
    if (Object.keys(answers.errors).length) {
      // The valid answers are kept even though the screen does not advance.
      await saveRow(tx, row, { context });
      return { error: badInput(ANSWERS_NEED_ATTENTION, 'data', { fields: answers.errors }) };
    }
    const next = nextScreen(definition, screen, context);
    if (!next) {
      const completedContext = await complete(tx, row, definition, context, effects);
      const saved = await saveRow(tx, row, { context: completedContext, completed: true });
      // The case the response drives (an offer, a mortgage request) follows, in the same transaction.
      await completeCaseResponse(tx, { id: saved.id, definition, context: saved.context });
      return { view: view(saved, definition, screen) };
    }
    const saved = await saveRow(tx, row, { context, history: [...row.history, next.id] });
    return { view: view(saved, definition, next) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.view!;
}

/** questionnairePreviousScreen: one step back along the path actually taken. */
export async function goBack(db: Database, id: string, caller: Caller): Promise<ScreenView> {
  return changeRow(db, id, caller, async (tx, row) => {
    const definition = await definitionById(tx, Number(row.questionnaire_id));
    const saved = row.history.length > 1 ? await saveRow(tx, row, { history: row.history.slice(0, -1) }) : row;
    return view(saved, definition, currentOf(definition, saved));
  });
}

/** questionnaireResetHistory / resetQuestionnaireResponseHistory: back to start; the answers stay as prefills. */
export async function resetHistory(db: Database, id: string, caller: Caller): Promise<ScreenView> {
  return changeRow(db, id, caller, async (tx, row) => {
    const definition = await definitionById(tx, Number(row.questionnaire_id));
    const saved = await saveRow(tx, row, { history: [startScreen(definition).id] });
    return view(saved, definition, startScreen(definition));
  });
}

export interface SummarySection {
  screenId: string;
  subjectName: string;
  category: string | null;
  items: SummaryItem[];
}

/** questionnaireSummary(responseId): the answers along the path taken, screen by screen. */
export async function summary(db: Database, id: string, caller: Caller): Promise<SummarySection[]> {
  const row = await loadRow(db, id, caller);
  const definition = await definitionById(db, Number(row.questionnaire_id));
  const seen = new Set<string>();
  const sections: SummarySection[] = [];
  for (const screenId of row.history) {
    const screen = findScreen(definition, screenId);
    if (!screen || seen.has(screenId)) continue;
    seen.add(screenId);
    const items = summarizeScreen(renderTemplate(screen.markup, row.context), row.context);
    if (items.length) sections.push({ screenId, subjectName: renderTemplate(screen.subjectName, row.context), category: screen.category ?? null, items });
  }
  return sections;
}

/** questionnaireScreen(screenId, responseId): one screen already on the path, read-only (e.g. from the summary). */
export async function screenOf(db: Database, screenId: string, id: string, caller: Caller): Promise<ScreenView> {
  const row = await loadRow(db, id, caller);
  const definition = await definitionById(db, Number(row.questionnaire_id));
  const screen = findScreen(definition, screenId);
  if (!screen || !row.history.includes(screenId)) throw badInput('That screen is not part of this response.', 'screenId');
  return view(row, definition, screen);
}

/**
 * singleScreenQuestionnaire(applicationCase, context, slugId): the response of this caller for this
 * case and questionnaire, created with the given context on first call (later calls keep the answers).
 */
export async function singleScreen(
  db: Database,
  slug: string,
  applicationCase: string,
  context: Context,
  caller: Caller,
): Promise<StartedResponse> {
  const stored = await latestDefinition(db, slug);
  if (!stored) throw badInput(`There is no questionnaire "${slug}".`, 'slugId');
  if (caller.userId !== null) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM questionnaire_responses WHERE partner_id = $1 AND application_case = $2 AND questionnaire_id = $3 AND owner_user_id = $4
       ORDER BY created_at DESC LIMIT 1`,
      [caller.partnerId, applicationCase, stored.id, caller.userId],
    );
    if (rows[0]) return { id: rows[0].id, pin: null };
  }
  const clean: Context = {};
  for (const [key, value] of Object.entries(context)) if (typeof value === 'string' || typeof value === 'number') clean[key] = String(value);
  return createResponse(db, slug, caller, { applicationCase, context: clean });
}
