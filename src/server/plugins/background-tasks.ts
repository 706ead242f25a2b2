import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a request leaves for after its answer has gone. */
    backgroundTasks: BackgroundTasks;
  }
}

type Task = () => Promise<void>;

/**
 * Work that must neither delay an answer nor fail it: mail that sign-up sends, for instance,
 * so that an address with an account and one without are answered after the same work. A task
 * that fails is logged; closing the app waits for the tasks still running.
 */
export class BackgroundTasks {
  private readonly waiting = new WeakMap<FastifyRequest, { name: string; task: Task }[]>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` once the answer to `request` has been sent (or the client has gone). */
  afterResponse(request: FastifyRequest, name: string, task: Task): void {
    const tasks = this.waiting.get(request) ?? [];
    tasks.push({ name, task });
    this.waiting.set(request, tasks);
  }

  /** Starts what `request` left behind; called by the onResponse hook. */
  startAfter(request: FastifyRequest): void {
    const tasks = this.waiting.get(request);
    if (!tasks) return;
    this.waiting.delete(request);
    for (const { name, task } of tasks) this.start(name, task, request.log);
  }

  /** Resolves when no task is running, including those the running ones started. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private start(name: string, task: Task, log: FastifyBaseLogger = this.log): void {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }
}

export const backgroundTasksPlugin = fp(async function backgroundTasks(app: FastifyInstance) {
  const tasks = new BackgroundTasks(app.log);
  app.decorate('backgroundTasks', tasks);
  app.addHook('onResponse', async (request) => tasks.startAfter(request));
  app.addHook('onClose', () => tasks.idle());
});
