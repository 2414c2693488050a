/**
 * What the work tier's worker threads can do (server/jobs/threads.ts): CPU-heavy steps of jobs, each a function of
 * plain data (structured-cloned to and from the thread). Storage and the database stay on the main thread: a job
 * reads its inputs, hands the CPU work here one piece at a time, and stores the result.
 */
import type { assembleWithAttachments } from '../pdf/render';

/**
 * A task whose modules load in the thread the first time it runs: a new thread loads none of them (every task's
 * modules at a thread's start cost a server's first upload about a second, which a test's 4 s deadline felt).
 */
const lazy =
  <A, R>(load: () => Promise<(input: A) => R>) =>
  async (input: A): Promise<Awaited<R>> =>
    await (await load())(input);

export const threadTasks = {
  /** An uploaded image decoded and its route's files encoded (server/uploads/jobs.ts). */
  'image.derive': lazy(async () => (await import('../uploads/derivatives')).deriveImage),
  /** An uploaded document's PDF parsed or image decoded: the refusal's message, or null (server/documents/check-job.ts). */
  'documents.check': lazy(async () => (await import('../documents/files')).documentContentProblem),
  /** A marketing material's file (PNG or PDF) from its template and content. */
  'marketing.render': lazy(async () => (await import('../marketing/render')).renderMaterialBytes),
  /** A generated PDF's form. */
  'pdf.form': lazy(async () => (await import('../pdf/render')).renderForm),
  /** One attachment made ready for its page: an image decoded and scaled down to the page, a PDF as it is. */
  'pdf.prepare': lazy(async () => (await import('../pdf/render')).prepareAttachment),
  /** The form followed by the prepared attachments. */
  'pdf.assemble': lazy(async () => {
    const { assembleWithAttachments: assemble } = await import('../pdf/render');
    return ({ form, attachments }: { form: Uint8Array; attachments: Parameters<typeof assembleWithAttachments>[1] }) => assemble(form, attachments);
  }),
};

export type ThreadTasks = typeof threadTasks;
export type ThreadTaskName = keyof ThreadTasks;

/** The function piscina calls in the thread. */
export function runThreadTask({ name, input }: { name: ThreadTaskName; input: unknown }): Promise<unknown> {
  const task = threadTasks[name] as (input: unknown) => Promise<unknown>;
  if (!task) throw new Error(`No thread task ${String(name)}.`);
  return task(input);
}
