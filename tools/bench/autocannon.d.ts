/** The parts of autocannon 9's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    type Context = Record<string, unknown>;

    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Answers the request to send (changed as wanted); called before each request on a connection. */
      setupRequest?: (request: Request, context: Context) => Request | null | undefined;
      onResponse?: (status: number, body: string, context: Context, headers: Record<string, string | string[]>) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds to wait for an answer before counting a timeout. */
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      requests?: Request[];
      title?: string;
      /** A run before the measured one, with its own connections and duration; its figures go to `result.warmup`. */
      warmup?: { connections?: number; duration?: number };
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      /** Seconds. */
      duration: number;
      start: Date;
      finish: Date;
      /** Requests completed per second. */
      requests: Histogram & { sent: number };
      /** Milliseconds. */
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      warmup?: Result;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
