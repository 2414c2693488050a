/**
 * Starts a TypeScript module in a worker thread. Workers do not inherit the `--import tsx` of the main
 * thread (nor vitest's transform), so the thread registers tsx itself before importing the module.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startModuleWorker(moduleUrl: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
