import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { recordAudit } from '../../src/server/services/audit-log';
import { apiPaths } from '../../src/shared/api-paths';
import type { AuditLogActors, AuditLogPage } from '../../src/shared/audit';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord } from '../helpers/factories';

let t: TestApp;
let dana: Actor;
let omar: Actor;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp();
  dana = await signedInAdmin(t, 'Dana Dean');
  omar = await signedInAdmin(t, 'Omar Officer');
  student = await signedInStudent(t, 'Sam Student');
});
afterEach(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

function page(query = ''): Promise<AuditLogPage> {
  return callAs(t, dana, 'GET', `${apiPaths.adminAuditLog}${query}`).then((response) => {
    expect(response.statusCode).toBe(200);
    return response.json();
  });
}

/** Three days of entries: Dana hides on day 1, Omar edits a tutor on day 2, Dana changes settings on day 3. */
async function threeDays() {
  const start = new Date('2026-03-01T12:00:00.000Z');
  const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
  const review = await createReviewRecord(t.db, { tutorId: tutor.id, authorId: student.user.id, rating: 3 });
  await t.db.transaction(async (tx) => {
    await recordAudit(
      tx,
      {
        actorId: dana.user.id,
        action: 'review_hidden',
        target: { type: 'review', id: review.id },
        tutorId: tutor.id,
        reason: '=HYPERLINK("http://evil.example","click"), and "quotes"',
        data: { reviewTitle: 'Line one\nline two', tutorName: tutor.name },
      },
      start,
    );
    await recordAudit(
      tx,
      {
        actorId: omar.user.id,
        action: 'tutor_updated',
        target: { type: 'tutor', id: tutor.id },
        tutorId: tutor.id,
        data: { tutorName: '+Grace Hopper' },
      },
      new Date(start.getTime() + DAY),
    );
    await recordAudit(
      tx,
      { actorId: dana.user.id, action: 'settings_updated', target: { type: 'settings', id: null } },
      new Date(start.getTime() + 2 * DAY),
    );
  });
  return { tutor, review };
}

describe('the audit log page', () => {
  test('every entry, newest first, with who, what, which record and whether it still exists', async () => {
    const { tutor, review } = await threeDays();
    const all = await page();
    expect(all.total).toBe(3);
    expect(all.items.map((entry) => entry.action)).toEqual(['settings_updated', 'tutor_updated', 'review_hidden']);
    expect(all.items[2]).toMatchObject({
      actor: { id: dana.user.id, name: 'Dana Dean' },
      target: { type: 'review', id: review.id, label: 'Line one\nline two', exists: true },
      tutorId: tutor.id,
    });
    expect(all.items[0]!.target).toEqual({ type: 'settings', id: null, label: null, exists: false });
  });

  test('filters by person, kind of action and dates (whole UTC days), paged', async () => {
    await threeDays();
    expect((await page(`?actorId=${dana.user.id}`)).items.map((entry) => entry.action)).toEqual([
      'settings_updated',
      'review_hidden',
    ]);
    expect((await page('?action=tutor_updated')).items).toHaveLength(1);
    expect((await page(`?actorId=${omar.user.id}&action=review_hidden`)).total).toBe(0);
    expect((await page('?from=2026-03-02')).items.map((entry) => entry.action)).toEqual([
      'settings_updated',
      'tutor_updated',
    ]);
    expect((await page('?to=2026-03-02')).items.map((entry) => entry.action)).toEqual([
      'tutor_updated',
      'review_hidden',
    ]);
    expect((await page('?from=2026-03-02&to=2026-03-02')).total).toBe(1);
    const second = await page('?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((entry) => entry.action)).toEqual(['review_hidden']);
  });

  test('bad filters are refused with a clear message', async () => {
    const backwards = await callAs(t, dana, 'GET', `${apiPaths.adminAuditLog}?from=2026-03-03&to=2026-03-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([{ path: 'to', message: 'The end date is before the start date.' }]);
    expect((await callAs(t, dana, 'GET', `${apiPaths.adminAuditLog}?action=nope`)).statusCode).toBe(400);
    expect((await callAs(t, dana, 'GET', `${apiPaths.adminAuditLog}?from=yesterday`)).statusCode).toBe(400);
  });

  test("a deleted actor's entries stay, with no one named; the person filter lists who has entries", async () => {
    await threeDays();
    const actors: AuditLogActors = (await callAs(t, dana, 'GET', apiPaths.adminAuditLogActors)).json();
    expect(actors.items).toEqual([
      { id: dana.user.id, name: 'Dana Dean' },
      { id: omar.user.id, name: 'Omar Officer' },
    ]);
    expect((await callAs(t, dana, 'DELETE', apiPaths.adminUser(omar.user.id))).statusCode).toBe(204);
    const entries = await page('?action=tutor_updated');
    expect(entries.items[0]!.actor).toBeNull();
    const after: AuditLogActors = (await callAs(t, dana, 'GET', apiPaths.adminAuditLogActors)).json();
    expect(after.items.map((actor) => actor.name)).toEqual(['Dana Dean']);
  });

  test('a record that is gone is no longer linked to', async () => {
    const { review } = await threeDays();
    await callAs(t, student, 'DELETE', apiPaths.review(review.id));
    const [entry] = (await page('?action=review_hidden')).items;
    expect(entry!.target).toMatchObject({ id: review.id, exists: false });
  });
});

describe('the CSV export', () => {
  test('every matching entry, quoted, formulas neutralised, as a dated attachment', async () => {
    await threeDays();
    const response = await callAs(t, dana, 'GET', `${apiPaths.adminAuditLogExport}?to=2026-03-02`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = t.clock().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tutorly-audit-log-${day}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('When,Who,Action,Record type,Record,Record id,Reason');
    expect(lines[1]).toMatch(
      /^2026-03-02T12:00:00\.000Z,Omar Officer,edited a tutor,tutor,'\+Grace Hopper,[0-9a-f-]{36},$/,
    );
    expect(lines[2]).toMatch(
      /^2026-03-01T12:00:00\.000Z,Dana Dean,hid a review,review,"Line one\nline two",[0-9a-f-]{36},"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\), and ""quotes"""$/,
    );
    expect(lines.slice(3)).toEqual(['']);
  });

  test('more entries than one batch all arrive', async () => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 1201; i += 1)
        await recordAudit(
          tx,
          { actorId: omar.user.id, action: 'settings_updated', target: { type: 'settings', id: null } },
          new Date(Date.UTC(2026, 0, 1) + i * 1000),
        );
    });
    const response = await callAs(t, dana, 'GET', `${apiPaths.adminAuditLogExport}?actorId=${omar.user.id}`);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1202);
    expect(new Set(lines).size).toBe(1202);
  });

  test('students cannot read or export the log', async () => {
    expect((await callAs(t, student, 'GET', apiPaths.adminAuditLog)).statusCode).toBe(403);
    expect((await callAs(t, student, 'GET', apiPaths.adminAuditLogExport)).statusCode).toBe(403);
  });
});

describe('every admin action is logged', () => {
  test('the dashboard shows the same entries as the log page', async () => {
    await threeDays();
    const dashboard = (await callAs(t, dana, 'GET', apiPaths.adminDashboard)).json();
    expect(dashboard.recentActivity).toEqual((await page()).items);
  });
});
