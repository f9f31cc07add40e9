// Own rows through HTTP for plannings, default plannings, receipts and month closings (docs/api/permissions.md): a
// User's personal token reads their own record, a colleague's is 404 (read, change, delete), lists hold only their
// own with meta.total counting only those, and a body naming a colleague is 403.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client, type TestContext } from '../support/app.js';
import { planWorld } from '../support/plannings.js';
import { receiptWorld } from '../support/receipts.js';
import { seedEmployee } from '../support/seed.js';
import { createToken } from '../../src/tenancy/tokens.js';

async function userToken(t: TestContext, service: Client, username: string): Promise<Client> {
  return t.client(
    service.tenant,
    (await createToken(t.database.db, service.tenant.id, { employeeId: username })).token,
  );
}

/** The checks every area with own rows shares. */
async function ownRows(o: {
  me: Client;
  service: Client;
  path: string;
  mine: { id: number };
  theirs: { id: number };
  /** Paths below a record that follow it (its amounts). */
  below?: string[];
  /** A write naming the colleague, and the permission its 403 names. */
  forOther: { body: Record<string, unknown>; required: string };
  /** The service token's list holds more than the caller's (total). */
  total: number;
  /** The caller writes their own rows of the area. */
  writes: boolean;
}) {
  const { me, service, path } = o;
  const list = await me.get(path);
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(
    list.body.data.map((r: any) => r.id),
    [o.mine.id],
  );
  assert.equal(list.body.meta.total, 1);
  assert.equal((await service.get(path)).body.meta.total, o.total, 'the service token sees every row');
  assert.equal((await me.get(`${path}/${o.mine.id}`)).status, 200);
  assert.equal((await me.get(`${path}/${o.theirs.id}`)).status, 404);
  // 404 where the caller writes their own rows of the area, 403 where they write none; 405: no such route.
  for (const r of [await me.patch(`${path}/${o.theirs.id}`, {}), await me.delete(`${path}/${o.theirs.id}`)])
    if (r.status !== 405) assert.equal(r.status, o.writes ? 404 : 403, r.text);
  for (const p of o.below ?? []) {
    assert.equal((await me.get(`${path}/${o.mine.id}${p}`)).status, 200, p);
    assert.equal((await me.get(`${path}/${o.theirs.id}${p}`)).status, 404, p);
  }
  assert.equal((await service.get(`${path}/${o.theirs.id}`)).status, 200, 'the colleague’s record is still there');
  const other = await me.post(path, o.forOther.body);
  assert.equal(other.status, 403, other.text);
  assert.equal(other.body.required, o.forOther.required);
}

forEachDialect('own rows of plannings, default plannings, receipts and month closings', (t) => {
  test('plannings: own plan visible, a colleague’s 404, the list filtered, planning for a colleague 403', async () => {
    const w = await planWorld(t());
    const mine = await w.planned();
    const theirs = await w.planned({ employee_id: w.halfTime, planning: 4 });
    const me = await userToken(t(), w.c, w.employee);
    await ownRows({
      me,
      service: w.c,
      path: '/plannings',
      mine,
      theirs,
      total: 2,
      writes: true,
      forOther: {
        body: { employee_id: w.halfTime, date: '2026-03-11', project_id: w.projectId, kind: 1, planning: 2 },
        required: 'plannings:write (other employees)',
      },
    });
    const own = await me.post('/plannings', { date: '2026-03-11', project_id: w.projectId, kind: 1, planning: 2 });
    assert.equal(own.status, 422, 'a plan names its employee: without one it is invalid, not someone else’s');
    const mineToo = await me.post('/plannings', {
      employee_id: w.employee,
      date: '2026-03-11',
      project_id: w.projectId,
      kind: 1,
      planning: 2,
    });
    assert.equal(mineToo.status, 201, mineToo.text);
    const asked = await me.get(`/plannings?employee_ids[]=${encodeURIComponent(w.halfTime)}`);
    assert.equal(asked.status, 403, asked.text);
  });

  test('default plannings: own visible, a colleague’s 404, the list filtered; Users do not write them', async () => {
    const w = await planWorld(t());
    const standing = async (employee: string) => {
      const r = await w.c.post('/default-plannings', {
        employee_id: employee,
        project_id: w.projectId,
        kind: 0,
        planning: 50,
        start_date: '2026-03-02',
        end_date: '2026-03-13',
      });
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const mine = await standing(w.employee);
    const theirs = await standing(w.halfTime);
    await ownRows({
      me: await userToken(t(), w.c, w.employee),
      service: w.c,
      path: '/default-plannings',
      mine,
      theirs,
      total: 2,
      writes: false,
      forOther: {
        body: { employee_id: w.halfTime, project_id: w.projectId, kind: 0, planning: 10, start_date: '2026-04-01' },
        required: 'default-plannings:write',
      },
    });
  });

  test('receipts: own receipt and its amounts visible, a colleague’s 404, the list filtered, one for a colleague 403', async () => {
    const w = await receiptWorld(t());
    const colleague = (await seedEmployee(t().database.db, w.c.tenant.id)).username;
    const create = async (employee: string) => {
      const r = await w.c.post('/receipts', w.body({ employee_id: employee }));
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const mine = await create(w.employee);
    const theirs = await create(colleague);
    const me = await userToken(t(), w.c, w.employee);
    await ownRows({
      me,
      service: w.c,
      path: '/receipts',
      mine,
      theirs,
      total: 2,
      writes: true,
      below: ['/amounts'],
      forOther: { body: w.body({ employee_id: colleague }), required: 'receipts:write (other employees)' },
    });
    const own = await me.post('/receipts', w.body());
    assert.equal(own.status, 201, own.text);
  });

  test('month closings: own closing visible, a colleague’s 404, the list filtered; Users do not close months', async () => {
    const c = await t().tenant();
    const [me, colleague] = [
      await seedEmployee(t().database.db, c.tenant.id),
      await seedEmployee(t().database.db, c.tenant.id),
    ];
    const close = async (employee: string) => {
      const r = await c.post('/month-closings', { month: '2026-03', employee_id: employee });
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const mine = await close(me.username);
    const theirs = await close(colleague.username);
    await ownRows({
      me: await userToken(t(), c, me.username),
      service: c,
      path: '/month-closings',
      mine,
      theirs,
      total: 2,
      writes: false,
      forOther: { body: { month: '2026-04', employee_id: colleague.username }, required: 'month-closings:write' },
    });
  });

  test('month closings: Users and Users with extended rights read their own and the tenant’s, not a colleague’s', async () => {
    const c = await t().tenant();
    for (const rights of [0, 3]) {
      const [me, colleague] = [
        await seedEmployee(t().database.db, c.tenant.id, { rights }),
        await seedEmployee(t().database.db, c.tenant.id),
      ];
      const month = rights === 0 ? '2026-05' : '2026-06';
      const close = async (employee: string | null) => {
        const r = await c.post('/month-closings', { month, ...(employee ? { employee_id: employee } : {}) });
        assert.equal(r.status, 201, r.text);
        return r.body.data;
      };
      const [mine, tenant, theirs] = [await close(me.username), await close(null), await close(colleague.username)];
      const user = await userToken(t(), c, me.username);
      const list = await user.get(`/month-closings?month=${month}`);
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body.data.map((r: { id: number }) => r.id).sort(), [mine.id, tenant.id].sort());
      assert.equal(list.body.meta.total, 2);
      assert.equal((await user.get(`/month-closings/${tenant.id}`)).status, 200);
      assert.equal((await user.get(`/month-closings/${mine.id}`)).status, 200);
      assert.equal((await user.get(`/month-closings/${theirs.id}`)).status, 404);
      const asked = await user.get(`/month-closings?employee_id=${encodeURIComponent(colleague.username)}`);
      assert.equal(asked.status, 200, asked.text);
      assert.deepEqual(asked.body.data, []);
      const reopen = await user.delete(`/month-closings/${tenant.id}`);
      assert.equal(reopen.status, 403, reopen.text);
      assert.equal(reopen.body.required, 'month-closings:write');
    }
  });
});
