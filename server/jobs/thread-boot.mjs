// The first module of each worker thread of the work tier's pool (server/jobs/threads.ts; piscina imports it by
// path). Worker threads inherit neither `--import tsx` nor vitest's transform, so this registers tsx first, then
// loads the TypeScript tasks; piscina calls the default export (a promise of the task function) for every task.
export default import('tsx/esm/api').then(async (tsx) => {
  tsx.register();
  const tasks = await import(new URL('./thread-tasks.ts', import.meta.url).href);
  return tasks.runThreadTask;
});
