/**
 * What the work tier's worker threads can do (server/jobs/threads.ts): CPU-heavy steps of jobs, each a function of
 * plain data (structured-cloned to and from the thread). Storage and the database stay on the main thread: a job
 * reads its inputs, hands the CPU work here one piece at a time, and stores the result.
 */
import { renderMaterialBytes } from '../marketing/render';
import { assembleWithAttachments, prepareAttachment, renderForm } from '../pdf/render';
import { documentContentProblem } from '../documents/files';
import { deriveImage } from '../uploads/derivatives';

export const threadTasks = {
  /** An uploaded image decoded and its route's files encoded (server/uploads/jobs.ts). */
  'image.derive': deriveImage,
  /** An uploaded document's PDF parsed or image decoded: the refusal's message, or null (server/documents/check-job.ts). */
  'documents.check': documentContentProblem,
  /** A marketing material's file (PNG or PDF) from its template and content. */
  'marketing.render': renderMaterialBytes,
  /** A generated PDF's form. */
  'pdf.form': renderForm,
  /** One attachment made ready for its page: an image decoded and scaled down to the page, a PDF as it is. */
  'pdf.prepare': prepareAttachment,
  /** The form followed by the prepared attachments. */
  'pdf.assemble': ({ form, attachments }: { form: Uint8Array; attachments: Parameters<typeof assembleWithAttachments>[1] }) => assembleWithAttachments(form, attachments),
};

export type ThreadTasks = typeof threadTasks;
export type ThreadTaskName = keyof ThreadTasks;

/** The function piscina calls in the thread. */
export function runThreadTask({ name, input }: { name: ThreadTaskName; input: unknown }): Promise<unknown> {
  const task = threadTasks[name] as (input: unknown) => Promise<unknown>;
  if (!task) throw new Error(`No thread task ${String(name)}.`);
  return task(input);
}
