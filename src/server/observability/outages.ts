/**
 * Dependencies that are down, each told once: one log line when it goes down, one when it is
 * back, however many requests meet it in between. Health, readiness and metrics read the same
 * state. A request that meets the failure reports it (begin), the next success or the outage's
 * probe ends it; the probe runs while the outage lasts, so it ends even when no traffic comes
 * (an instance out of the load balancer gets none).
 */
import type { Clock } from '../lib/clock';

export const outageNames = ['disk_full', 'database_disk_full', 'picture_store'] as const;
export type OutageName = (typeof outageNames)[number];

interface OutageKind {
  /** What is down and what clients meet meanwhile, for the log and /healthz. */
  description: string;
  /** What the log says when it is back. */
  recovered: string;
  /**
   * Whether this instance reports itself not ready meanwhile. Only for a fault of the instance's
   * own (its disk): a dependency every instance shares would take them all out of the load
   * balancer at once, and every page that still works with them (docs/decisions/0031-outages-and-readiness.md).
   */
  withdrawsReadiness: boolean;
  /**
   * How long after its last failure a success may end it. A database with a full disk still
   * commits what fits in pages it had already allocated: without this, those commits would end
   * the outage between two refusals, and the log would tell it again and again.
   */
  quietMs?: number;
}

const kinds: Record<OutageName, OutageKind> = {
  disk_full: {
    description:
      'The disk under the data folder is full: the embedded database, pictures kept on disk and the mail outbox cannot be written, and saving answers 503 until space is freed.',
    recovered: 'The disk under the data folder has space again: saving works again.',
    withdrawsReadiness: true,
  },
  database_disk_full: {
    description:
      "The PostgreSQL server's disk is full (SQLSTATE 53100): saving answers 503 on every instance until space is freed there.",
    recovered: "The PostgreSQL server's disk has space again: saving works again.",
    withdrawsReadiness: false,
    quietMs: 5_000,
  },
  picture_store: {
    description: 'The picture store cannot be reached: pictures and uploads answer 503 until it is back.',
    recovered: 'The picture store answers again: pictures and uploads work again.',
    withdrawsReadiness: false,
  },
};

export interface ActiveOutage {
  name: OutageName;
  since: Date;
  description: string;
  withdrawsReadiness: boolean;
}

/** Where outages are told: the app's logger. */
export interface OutageLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** Resolves when the dependency works again, rejects while it is still down. */
export type OutageProbe = () => Promise<unknown>;

/** How often a probe checks whether an outage is over. */
const PROBE_INTERVAL_MS = 2_000;

export class Outages {
  readonly #active = new Map<OutageName, Date>();
  /** When each outage in course last failed a request. */
  readonly #lastFailure = new Map<OutageName, Date>();
  readonly #started = new Map<OutageName, number>();
  readonly #probes = new Map<OutageName, OutageProbe>();
  #timer: NodeJS.Timeout | undefined;
  #probing: Promise<void> | undefined;

  constructor(
    private readonly log: OutageLog,
    private readonly clock: Clock,
  ) {}

  /** How to tell, without a request, that the outage is over. */
  setProbe(name: OutageName, probe: OutageProbe): void {
    this.#probes.set(name, probe);
  }

  /** The dependency failed; told once, when it was not already down. */
  begin(name: OutageName, cause: unknown): void {
    const now = this.clock();
    this.#lastFailure.set(name, now);
    if (this.#active.has(name)) return;
    this.#active.set(name, now);
    this.#started.set(name, (this.#started.get(name) ?? 0) + 1);
    this.log.error({ outage: name, event: 'started', err: cause }, kinds[name].description);
    if (this.#probes.has(name) && !this.#timer) {
      this.#timer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.#timer.unref();
    }
  }

  /**
   * The dependency worked; told once, when it was down. At warning level like its start, so
   * the end reaches every log the start did.
   */
  end(name: OutageName): void {
    const since = this.#active.get(name);
    if (!since) return;
    const lastFailure = this.#lastFailure.get(name) ?? since;
    if (this.clock().getTime() - lastFailure.getTime() < (kinds[name].quietMs ?? 0)) return;
    this.#active.delete(name);
    const seconds = Math.round((this.clock().getTime() - since.getTime()) / 100) / 10;
    this.log.warn({ outage: name, event: 'ended', seconds }, `${kinds[name].recovered} (down ${seconds} s)`);
    if (![...this.#active.keys()].some((active) => this.#probes.has(active))) this.#stopTimer();
  }

  isActive(name: OutageName): boolean {
    return this.#active.has(name);
  }

  /** What is down now, oldest first. */
  active(): ActiveOutage[] {
    return [...this.#active].map(([name, since]) => ({ name, since, ...kindOf(name) }));
  }

  /** How many outages of each kind began since the process started. */
  startedCount(name: OutageName): number {
    return this.#started.get(name) ?? 0;
  }

  /** Runs the probes of the outages in course, ending those whose dependency works again. */
  probe(): Promise<void> {
    this.#probing ??= (async () => {
      for (const name of [...this.#active.keys()]) {
        const probe = this.#probes.get(name);
        if (!probe) continue;
        try {
          await probe();
          this.end(name);
        } catch {
          // Still down: it was told when it began.
        }
      }
    })().finally(() => (this.#probing = undefined));
    return this.#probing;
  }

  close(): void {
    this.#stopTimer();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

function kindOf(name: OutageName): Omit<ActiveOutage, 'name' | 'since'> {
  const { description, withdrawsReadiness } = kinds[name];
  return { description, withdrawsReadiness };
}
