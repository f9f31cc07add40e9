// /folders: a tree of folders per tenant with project/customer references, list conventions and
// filters, validation (unknown or foreign references 422, parent cycles refused, also when two moves race), the
// delete rules; the documents below /folders/{id}/documents in the one attachment store; full edition only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { createCustomer } from '../../support/commercial.js';
import { createProject } from '../../support/projects.js';
import { multipartBody } from '../../support/uploads.js';

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('folder document')]);
const upload = { filename: 'Angebot.pdf', file_contents: pdf.toString('base64') };

async function folder(c: Client, body: Record<string, unknown>) {
  const r = await c.post('/folders', body);
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

forEachDialect('folders', (t) => {
  test('create, read, list with filters and sort, update, delete; the documented shape', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const project = await createProject(c);
    const root = await folder(c, { name: 'Kunden', customer_id: customer });
    const { id, created, modified, ...rest } = root;
    assert.deepEqual(rest, {
      name: 'Kunden',
      parent_id: null,
      project_id: null,
      customer_id: customer,
      created_by: null,
      modified_by: null,
    });
    assert.match(created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const child = await folder(c, { name: 'Projekt A', parent_id: root.id, project_id: project.id });
    const other = await folder(c, { name: 'Archiv' });
    assert.deepEqual((await c.get(`/folders/${child.id}`)).body.data, child);

    const names = async (q: string) => (await c.get(`/folders${q}`)).body.data.map((f: { name: string }) => f.name);
    assert.deepEqual(await names(''), ['Kunden', 'Projekt A', 'Archiv']);
    assert.deepEqual(await names('?orderBy=name&order=asc'), ['Archiv', 'Kunden', 'Projekt A']);
    assert.deepEqual(await names(`?parent_id=${root.id}`), ['Projekt A']);
    assert.deepEqual(await names('?parent_id=0'), ['Kunden', 'Archiv']);
    assert.deepEqual(await names(`?project_id=${project.id}`), ['Projekt A']);
    assert.deepEqual(await names(`?customer_id=${customer}`), ['Kunden']);
    const page = await c.get('/folders?limit=2&page=2');
    assert.deepEqual([page.body.data.length, page.body.meta.total], [1, 3]);

    const moved = await c.patch(`/folders/${child.id}`, { parent_id: other.id, name: 'Projekt A (alt)' });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(
      [moved.body.data.parent_id, moved.body.data.name, moved.body.data.project_id],
      [other.id, 'Projekt A (alt)', project.id],
    );
    assert.equal(
      (await c.put(`/folders/${child.id}`, { parent_id: null, project_id: null })).body.data.parent_id,
      null,
    );
    assert.equal((await c.get(`/folders/${child.id}`)).body.data.project_id, null);
    assert.equal((await c.delete(`/folders/${child.id}`)).status, 204);
    assert.equal((await c.get(`/folders/${child.id}`)).status, 404);
  });

  test('bad input is 422: missing name, unknown or foreign parent, project and customer; cycles are refused', async () => {
    const c = await t().tenant();
    const a = await folder(c, { name: 'A' });
    const b = await folder(c, { name: 'B', parent_id: a.id });
    const d = await folder(c, { name: 'D', parent_id: b.id });
    const fields = (r: { body: any }) => Object.keys(r.body.errors ?? {}).sort();
    assert.deepEqual(fields(await c.post('/folders', {})), ['name']);
    assert.deepEqual(fields(await c.post('/folders', { name: '' })), ['name']);
    assert.deepEqual(
      fields(await c.post('/folders', { name: 'x', parent_id: 999999, project_id: 999999, customer_id: 'nope' })),
      ['customer_id', 'parent_id', 'project_id'],
    );
    const foreign = await t().tenant();
    const theirs = await folder(foreign, { name: 'Theirs' });
    const theirProject = await createProject(foreign);
    const theirCustomer = await createCustomer(foreign);
    const r = await c.post('/folders', {
      name: 'x',
      parent_id: theirs.id,
      project_id: theirProject.id,
      customer_id: theirCustomer,
    });
    assert.equal(r.status, 422);
    assert.deepEqual(fields(r), ['customer_id', 'parent_id', 'project_id']);
    for (const parent of [a.id, b.id, d.id]) {
      const cycle = await c.patch(`/folders/${a.id}`, { parent_id: parent });
      assert.equal(cycle.status, 422, cycle.text);
      assert.match(cycle.body.errors.parent_id[0], /itself or in one of its subfolders/);
    }
    assert.equal((await c.get(`/folders/${a.id}`)).body.data.parent_id, null);
    assert.equal((await c.patch(`/folders/${d.id}`, { parent_id: a.id })).status, 200, 'moving up the tree is fine');
  });

  test('two moves at once never close a cycle', async () => {
    const c = await t().tenant();
    const a = await folder(c, { name: 'A' });
    const b = await folder(c, { name: 'B' });
    const [x, y] = await Promise.all([
      c.patch(`/folders/${a.id}`, { parent_id: b.id }),
      c.patch(`/folders/${b.id}`, { parent_id: a.id }),
    ]);
    assert.deepEqual([x.status, y.status].sort(), [200, 422], `${x.text} ${y.text}`);
    const parents = [
      (await c.get(`/folders/${a.id}`)).body.data.parent_id,
      (await c.get(`/folders/${b.id}`)).body.data.parent_id,
    ];
    assert.equal(parents.filter((p) => p === null).length, 1, JSON.stringify(parents));
  });

  test("another tenant's folder is 404 on every route; a folder with subfolders is not deleted; references block deletes", async () => {
    const c = await t().tenant();
    const project = await createProject(c);
    const customer = await createCustomer(c);
    const parent = await folder(c, { name: 'P', project_id: project.id, customer_id: customer });
    await folder(c, { name: 'Child', parent_id: parent.id });
    await c.post(`/folders/${parent.id}/documents`, upload);
    const doc = (await c.get(`/folders/${parent.id}/documents`)).body.data[0];
    const other = await t().tenant();
    for (const r of [
      await other.get(`/folders/${parent.id}`),
      await other.patch(`/folders/${parent.id}`, { name: 'x' }),
      await other.delete(`/folders/${parent.id}`),
      await other.get(`/folders/${parent.id}/documents`),
      await other.post(`/folders/${parent.id}/documents`, upload),
      await other.get(`/folders/${parent.id}/documents/${doc.id}`),
      await other.get(`/folders/${parent.id}/documents/${doc.id}/content`),
      await other.delete(`/folders/${parent.id}/documents/${doc.id}`),
    ])
      assert.equal(r.status, 404, r.text);
    assert.deepEqual((await other.get('/folders')).body.data, []);
    const refused = await c.delete(`/folders/${parent.id}`);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /subfolders \(1\)/);
    assert.match((await c.delete(`/projects/${project.id}`)).body.message, /folders \(1\)/);
    assert.match((await c.delete(`/customers/${customer}`)).body.message, /folders \(1\)/);
    assert.equal((await c.get(`/folders/${parent.id}/documents`)).body.data.length, 1);
  });

  test('documents: upload (JSON and multipart), list, read base64 and raw, delete; deleting the folder takes them', async () => {
    const c = await t().tenant();
    const f = await folder(c, { name: 'Docs' });
    const g = await folder(c, { name: 'Other' });
    const up = await c.post(`/folders/${f.id}/documents`, upload);
    assert.equal(up.status, 200, up.text);
    assert.deepEqual(up.body, { success: true });
    const { payload, headers } = multipartBody('notes.txt', 'text/plain', Buffer.from('plain notes'));
    const multi = await c.request('POST', `/folders/${f.id}/documents`, undefined, { payload, headers });
    assert.equal(multi.status, 200, multi.text);
    const list = (await c.get(`/folders/${f.id}/documents`)).body.data;
    assert.deepEqual(
      list.map((d: any) => [d.folder_id, d.filename, d.content_type, d.size]),
      [
        [f.id, 'Angebot.pdf', 'application/pdf', pdf.length],
        [f.id, 'notes.txt', 'text/plain', 11],
      ],
    );
    assert.ok(list.every((d: any) => d.file_contents === undefined && typeof d.created === 'string'));
    const one = (await c.get(`/folders/${f.id}/documents/${list[0].id}`)).body.data;
    assert.equal(one.file_contents, upload.file_contents);
    const raw = await c.get(`/folders/${f.id}/documents/${list[0].id}/content`);
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-type'], 'application/pdf');
    assert.match(String(raw.headers['content-disposition']), /Angebot\.pdf/);
    assert.equal((await c.get(`/folders/${g.id}/documents/${list[0].id}`)).status, 404, "another folder's document");
    assert.equal((await c.delete(`/folders/${g.id}/documents/${list[0].id}`)).status, 404);
    assert.equal((await c.post(`/folders/${f.id}/documents`, { filename: 'x.pdf', file_contents: '***' })).status, 422);
    assert.equal((await c.post('/folders/999999/documents', upload)).status, 404);
    assert.equal((await c.delete(`/folders/${f.id}/documents/${list[1].id}`)).status, 204);
    assert.equal((await c.get(`/folders/${f.id}/documents/${list[1].id}`)).status, 404);
    assert.equal((await c.delete(`/folders/${f.id}`)).status, 204);
    const left = await t()
      .database.db.selectFrom('attachments')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .where('owner_type', '=', 'folder')
      .execute();
    assert.equal(left.length, 0);
  });

  test('full edition only: the clock edition answers 404', async () => {
    const c = await t().tenant({ edition: 'clock' });
    assert.equal((await c.get('/folders')).status, 404);
    assert.equal((await c.post('/folders', { name: 'x' })).status, 404);
  });
});
