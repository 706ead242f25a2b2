import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { type ChangeFeed } from '../../src/server/cache/change-feed';
import { reviewChanged, type DataChange } from '../../src/server/cache/data-changes';
import { KEPT_ANSWERS_BY_TABLE } from '../../src/server/cache/kept-tables';
import { announcementOf } from '../../src/server/db/change-channel';
import { changeData, NOTHING_KEPT } from '../../src/server/db/change-data';
import type { Database, WritableDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { createTestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';

// Whoever adds a table or a write must say what it changes: the read view services get cannot
// write, changeData wants the changes, and every table is listed with the kept answers that read it.

describe('what every write changes is said where it is made', () => {
  test('every table of the schema is listed with the kept answers that read it, and nothing else is', () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    expect(Object.keys(KEPT_ANSWERS_BY_TABLE).sort()).toEqual(tables);
  });

  test('the database services are given cannot write: writing takes changeData', () => {
    const writesOf = (db: Database) => [
      // @ts-expect-error services insert only through changeData's transaction
      db.insert,
      // @ts-expect-error services update only through changeData's transaction
      db.update,
      // @ts-expect-error services delete only through changeData's transaction
      db.delete,
      // @ts-expect-error a transaction of one's own would say nothing of what it changed
      db.transaction,
      // @ts-expect-error raw SQL could write anything
      db.execute,
    ];
    const writable = (db: WritableDatabase): Database => db;
    expect(typeof writesOf).toBe('function');
    expect(typeof writable).toBe('function');
  });

  test('a write through a database changeData does not know is refused before it runs', async () => {
    let ran = false;
    await expect(
      changeData({} as Database, NOTHING_KEPT, async () => {
        ran = true;
      }),
    ).rejects.toThrow(/database handle/);
    expect(ran).toBe(false);
  });

  test('the changes are published once the write has committed, and not when it was refused', async () => {
    const t = await createTestApp();
    try {
      const tutor = await createTutorRecord(t.db);
      const published: DataChange[][] = [];
      const feed: ChangeFeed = t.database.changeFeed;
      feed.subscribe((changes) => published.push([...changes]));
      await changeData(t.db, reviewChanged(tutor), async () => {
        expect(published).toEqual([]);
      });
      expect(published).toEqual([reviewChanged(tutor)]);
      await expect(
        changeData(t.db, reviewChanged(tutor), async () => {
          throw Object.assign(new Error('refused by a constraint'), { code: '23505' });
        }),
      ).rejects.toThrow();
      expect(published).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  test('an announcement too large for a notification drops everything instead', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      reviewChanged({ id: `${i}`.padStart(36, '0'), searchText: 'x'.repeat(40), department: 'D' }),
    ).flat();
    const announced = JSON.parse(announcementOf('instance', many)) as { changes: DataChange[] };
    expect(announced.changes).toEqual([{ kind: 'everything', reason: `${many.length} changes in one transaction` }]);
    expect(JSON.parse(announcementOf('instance', many.slice(0, 2))).changes).toEqual(many.slice(0, 2));
  });
});
