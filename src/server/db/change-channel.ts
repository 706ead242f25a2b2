import pg from 'pg';
import type { ChangeFeed } from '../cache/change-feed';
import { everythingChanged, type DataChange } from '../cache/data-changes';

/** Instances hear each other's changes on this channel (PostgreSQL's LISTEN/NOTIFY). */
export const DATA_CHANGED_CHANNEL = 'tutorly_data_changed';

/** How the channel's connection shows in pg_stat_activity, followed by the instance it belongs to. */
export const CHANGE_CHANNEL_APPLICATION_NAME = 'tutorly change channel';

/** The application name of one instance's channel connection. */
export function changeChannelApplicationName(instanceId: string): string {
  return `${CHANGE_CHANNEL_APPLICATION_NAME} ${instanceId.slice(0, 8)}`;
}

/** How long the channel waits before connecting again after losing its connection. */
const RECONNECT_DELAY_MS = 1_000;
/**
 * The listening connection is asked a trivial question this often, and counts as lost when the
 * answer takes longer: a connection that died without a word (a cut network) would otherwise
 * keep this instance answering from memory while it hears nothing.
 */
const HEARTBEAT_INTERVAL_MS = 500;
const HEARTBEAT_TIMEOUT_MS = 1_000;

/** PostgreSQL refuses a notification payload of 8,000 bytes or more; larger change lists drop everything. */
export const MAX_ANNOUNCEMENT_BYTES = 7_900;

interface Announcement {
  from: string;
  changes: readonly DataChange[];
}

/** The notification payload of a change, sent inside the transaction that makes it. */
export function announcementOf(instanceId: string, changes: readonly DataChange[]): string {
  const payload = JSON.stringify({ from: instanceId, changes } satisfies Announcement);
  if (Buffer.byteLength(payload) < MAX_ANNOUNCEMENT_BYTES) return payload;
  return JSON.stringify({
    from: instanceId,
    changes: [everythingChanged(`${changes.length} changes in one transaction`)],
  } satisfies Announcement);
}

const CHANGE_KINDS = new Set([
  'tutor',
  'review-feed',
  'review-added',
  'sessions',
  'reports',
  'tutor-reviews',
  'votes',
  'everything',
]);

/** An announcement as sent by announcementOf; anything else (an operator's bare NOTIFY) concerns everything. */
function parseAnnouncement(payload: string | undefined): Announcement {
  try {
    const parsed = JSON.parse(payload ?? '') as Partial<Announcement>;
    if (
      typeof parsed.from === 'string' &&
      Array.isArray(parsed.changes) &&
      parsed.changes.every((change) => CHANGE_KINDS.has((change as { kind?: string } | null)?.kind ?? ''))
    )
      return { from: parsed.from, changes: parsed.changes };
  } catch {
    // Falls through: an unreadable announcement drops everything.
  }
  return { from: '', changes: [everythingChanged('an announcement that is not ours')] };
}

export interface ChangeChannel {
  stop(): Promise<void>;
}

/** How many announcements this instance has sent, and heard from the others (its own echoes not counted), for metrics. */
export interface AnnouncementCounts {
  sent: number;
  received: number;
}

/**
 * One connection per instance that listens for the changes other instances commit. They send
 * them with pg_notify inside the transaction that makes them (db/change-data.ts), so PostgreSQL
 * delivers each exactly when it commits, whatever becomes of the writer afterwards.
 *
 * Until it listens, and from the moment it loses its connection (or its heartbeat goes
 * unanswered) until it listens again, the feed is not tracking and nothing is answered from
 * memory; it reconnects on its own.
 */
export function openChangeChannel(options: {
  url: string;
  /** This instance's own announcements are skipped: it published them locally when they committed. */
  instanceId: string;
  feed: ChangeFeed;
  counts: AnnouncementCounts;
  onError: (err: Error) => void;
}): ChangeChannel {
  const { feed } = options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let reportedSinceConnected = false;

  const lost = (err?: Error) => {
    clearInterval(heartbeat);
    if (feed.isTracking) feed.setTracking(false);
    if (err && !reportedSinceConnected) {
      reportedSinceConnected = true;
      options.onError(err);
    }
    const previous = client;
    client = undefined;
    previous?.removeAllListeners();
    previous?.on('error', () => undefined);
    void previous?.end().catch(() => undefined);
    if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_DELAY_MS);
  };

  function beat(current: pg.Client): void {
    const timeout = setTimeout(() => {
      if (client === current) lost(new Error('the change channel did not answer its heartbeat in time'));
    }, HEARTBEAT_TIMEOUT_MS);
    current.query('select 1').then(
      () => clearTimeout(timeout),
      (err: Error) => {
        clearTimeout(timeout);
        if (client === current) lost(err);
      },
    );
  }

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      application_name: changeChannelApplicationName(options.instanceId),
    });
    client = next;
    next.on('notification', (message) => {
      const announcement = parseAnnouncement(message.payload);
      if (announcement.from === options.instanceId) return;
      options.counts.received += 1;
      feed.publish(announcement.changes);
    });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${DATA_CHANGED_CHANNEL}`);
    } catch (err) {
      if (client === next) lost(err as Error);
      return;
    }
    if (client !== next || stopped) return;
    reportedSinceConnected = false;
    feed.setTracking(true);
    heartbeat = setInterval(() => beat(next), HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      if (feed.isTracking) feed.setTracking(false);
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
