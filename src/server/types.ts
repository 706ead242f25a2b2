import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TextProvider } from './services/ai-drafting/providers';
import type { Config } from './config';
import type { ReadCache } from './cache/read-cache';
import type { ReadContext } from './read-models/read-context';
import type { Database, DatabaseHandle } from './db/client';
import type { UserRow } from './db/schema';
import type { SessionSecondFactor } from '../shared/second-factor';
import type { CampusProvider } from './lib/campus-provider';
import type { Clock } from './lib/clock';
import type { SettingDefaults } from './services/settings';
import type { Mailer } from './mail/mailer';
import type { ImageStore } from './storage';
import type { Outages } from './observability/outages';

/** A Fastify instance whose route schemas are zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    mailer: Mailer;
    clock: Clock;
    /** Dependencies down now, each told once (to the log, /healthz, /readyz and metrics). */
    outages: Outages;
    /** Stored pictures (uploads and their thumbnails). */
    imageStore: ImageStore;
    /** What settings are until an administrator changes them (from the configuration). */
    settingDefaults: SettingDefaults;
    /** The university's OpenID Provider for campus sign-in; null when none is configured. */
    campusProvider: CampusProvider | null;
    /** The AI model that drafts reviews; null when none is configured. */
    aiProvider: TextProvider | null;
    /** Pages' database reads kept in memory until a change that affects them commits. */
    readCache: ReadCache;
    /** What the read models read through: the database and readCache. */
    reads: ReadContext;
    /** Sessions with their accounts, cached until a session or an account changes. */
    sessionCache: ReadCache;
    /** Whether a stop has begun (plugins/graceful-stop.ts): /readyz answers 503 from then on. */
    isDraining(): boolean;
    /** Stops accepting connections and lets the open ones finish (plugins/graceful-stop.ts); then close() the app. */
    drainConnections(): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded from the session cookie on API requests; null when anonymous. */
    user: UserRow | null;
    sessionToken: string | null;
    /** Where the session stands with the second factor (plugins/second-factor.ts); null when anonymous. */
    sessionSecondFactor: SessionSecondFactor | null;
  }
}
