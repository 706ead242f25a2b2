import { AppError } from '../../lib/errors';

export const AI_DRAFTS_BUSY_MESSAGE = 'Too many AI drafts are being written right now. Please try again in a minute.';

/**
 * How many drafts this instance runs at once. Each one holds a connection to the provider and
 * one to the browser for up to the time limit, and the hourly limit is per student: without a
 * ceiling, many students at once (or many accounts) would pile up work without bound.
 */
export class DraftSlots {
  #running = 0;

  constructor(private readonly max: number) {}

  get running(): number {
    return this.#running;
  }

  /** Takes a slot, or refuses with a 503 when all are taken; the returned function gives it back (once). */
  take(): () => void {
    if (this.#running >= this.max) throw new AppError('ai_unavailable', AI_DRAFTS_BUSY_MESSAGE);
    this.#running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#running -= 1;
    };
  }
}
