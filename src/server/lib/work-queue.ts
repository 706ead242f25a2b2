/** The queue is full: the caller should refuse the work rather than wait for it. */
export class WorkQueueFullError extends Error {
  constructor() {
    super('work queue full');
    this.name = 'WorkQueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time, in the order they came; at most `maxWaiting` more
 * wait for their turn, and the next is refused with WorkQueueFullError. In memory: it bounds
 * the work of one process, which is what it protects.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new WorkQueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` counts it throughout.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
