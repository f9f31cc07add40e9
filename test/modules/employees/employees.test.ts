// GET/POST/PATCH/PUT /employees: read shape, special usernames, uniqueness, references, passwords, GET-merge-PUT.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedPriceGroup } from '../../support/seed.js';
import { createEmployee, userPath } from '../../support/people.js';

forEachDialect('employees', (t) => {
  test('create answers 201 with the live read shape; the password is never returned', async () => {
    const c = await t().tenant();
    const group = await seedPriceGroup(t().database.db, c.tenant.id, 'Senior');
    const r = await c.post('/employees', {
      username: 'max.mustermann',
      firstname: 'Max',
      lastname: 'Mustermann',
      email: 'max@example.com',
      password: 'secret-password',
      price_group: group,
      personal_number: '10000',
      rights: 1,
      employment: '2',
      salutation: 1,
      language: 'de',
      birthdate: '1985-08-17',
      approval_date: '2024-03-31',
    });
    assert.equal(r.status, 201, r.text);
    const e = r.body.data;
    assert.equal(e.username, 'max.mustermann');
    assert.deepEqual(e.rights, { id: 1, name: 'Administrator' });
    assert.deepEqual(e.employment, { id: 2, name: 'Freelancer with credit note' });
    assert.deepEqual(e.salutation, { id: 'Herr', name: 'Herr' });
    assert.equal(e.language.locale, 'de');
    assert.deepEqual(e.language.numberFormat, { decimalSeparator: ',', thousandsSeparator: '.' });
    assert.equal(e.birthdate, '1985-08-17T00:00:00.000000Z');
    assert.equal(e.approval_date, '2024-03-31T00:00:00.000000Z');
    assert.equal(e.price_group, 'Senior');
    assert.equal(typeof e.department_id, 'number');
    assert.deepEqual(e.categories, []);
    assert.deepEqual(e.dynamicAttributes, []);
    assert.ok(!('password' in e) && !('password_hash' in e));
    assert.ok(!r.text.includes('secret-password') && !r.text.includes('scrypt'));
    const list = await c.get('/employees');
    assert.ok(!list.text.includes('scrypt') && !('password_hash' in list.body.data[0]));
  });

  test('the password is stored only as a salted scrypt hash', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'a.b', password: 'another-secret' });
    await createEmployee(c, { username: 'c.d', password: 'another-secret' });
    const rows = await t()
      .database.db.selectFrom('employees')
      .select('password_hash')
      .where('tenant_id', '=', c.tenant.id)
      .execute();
    assert.equal(rows.length, 2);
    for (const r of rows) assert.match(r.password_hash ?? '', /^scrypt\$/);
    assert.notEqual(rows[0].password_hash, rows[1].password_hash);
  });

  test('passwords shorter than 8 or longer than 48 characters are 422 on password', async () => {
    const c = await t().tenant();
    for (const password of ['short', 'x'.repeat(49)]) {
      const r = await c.post('/employees', { username: 'u.x', firstname: 'A', lastname: 'B', password });
      assert.equal(r.status, 422);
      assert.deepEqual(Object.keys(r.body.errors), ['password']);
    }
  });

  test('usernames with dots, dashes and apostrophes are found URL-encoded and plain', async () => {
    const c = await t().tenant();
    for (const username of ["o'brien.j", 'jean-luc.picard', 'anna.schmidt']) {
      await createEmployee(c, { username });
      const r = await c.get(userPath(username));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.username, username);
    }
    assert.equal((await c.get("/employees/o'brien.j")).body.data.username, "o'brien.j");
    assert.equal((await c.get('/employees/o%27brien.j')).body.data.username, "o'brien.j");
    assert.equal((await c.get('/employees/nobody')).status, 404);
  });

  test('a username containing a slash is 422 on username', async () => {
    const c = await t().tenant();
    const r = await c.post('/employees', { username: 'a/b', firstname: 'A', lastname: 'B' });
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.username);
  });

  test('another tenant cannot see or change an employee (404)', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await createEmployee(a, { username: 'only.a' });
    assert.equal((await b.get('/employees/only.a')).status, 404);
    assert.equal((await b.patch('/employees/only.a', { firstname: 'X' })).status, 404);
    assert.equal((await b.get('/employees')).body.meta.total, 0);
  });

  test('duplicate username, email and personal number are 422 on that field', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'first', email: 'f@example.com', personal_number: '1' });
    const r = await c.post('/employees', {
      username: 'first',
      firstname: 'A',
      lastname: 'B',
      email: 'f@example.com',
      personal_number: '1',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['email', 'personal_number', 'username']);
    const other = await createEmployee(c, { username: 'second' });
    const p = await c.patch(userPath(other.username), { email: 'f@example.com' });
    assert.equal(p.status, 422);
    assert.deepEqual(Object.keys(p.body.errors), ['email']);
  });

  test('unknown department, price group, language, category and rights are 422 naming the field', async () => {
    const c = await t().tenant();
    const r = await c.post('/employees', {
      username: 'x.y',
      firstname: 'A',
      lastname: 'B',
      department_id: 99999,
      price_group: 'nope',
      language: 'xx',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['department_id', 'language', 'price_group']);
    const cat = await c.post('/employees', { username: 'x.y', firstname: 'A', lastname: 'B', categories: ['missing'] });
    assert.deepEqual(Object.keys(cat.body.errors), ['categories']);
    const rights = await c.post('/employees', { username: 'x.y', firstname: 'A', lastname: 'B', rights: 5 });
    assert.deepEqual(Object.keys(rights.body.errors), ['rights']);
    const missing = await c.post('/employees', { username: 'x.y' });
    assert.deepEqual(Object.keys(missing.body.errors).sort(), ['firstname', 'lastname']);
  });

  test('PATCH changes only submitted fields; the username cannot change', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { username: 'keep.me', city: 'Berlin', phone: '123' });
    const p = await c.patch(userPath(e.username), { city: 'Hamburg', approval_date: '2024-05-31' });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.city, 'Hamburg');
    assert.equal(p.body.data.phone, '123');
    assert.equal(p.body.data.approval_date, '2024-05-31T00:00:00.000000Z');
    const rename = await c.put(userPath(e.username), { username: 'other.name' });
    assert.equal(rename.status, 422);
    assert.deepEqual(Object.keys(rename.body.errors), ['username']);
  });

  test('GET-merge-PUT: a body with read-only keys and read-form values is accepted', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'Dev', type: 'employee' });
    const e = await createEmployee(c, {
      username: 'merge.me',
      categories: ['Dev'],
      salutation: 'Frau',
      language: 'en',
      birthdate: '1990-01-15',
    });
    const read = (await c.get(userPath(e.username))).body.data;
    const r = await c.put(userPath(e.username), { ...read, absences_count: 3, lastname: 'Neu' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.lastname, 'Neu');
    assert.deepEqual(
      r.body.data.categories.map((x: any) => x.name),
      ['Dev'],
    );
    assert.deepEqual(r.body.data.salutation, { id: 'Frau', name: 'Frau' });
    assert.equal(r.body.data.birthdate, '1990-01-15T00:00:00.000000Z');
    assert.equal(r.body.data.language.locale, 'en');
    assert.deepEqual(r.body.data.rights, read.rights);
  });

  test('an impossible date is 422 on its field', async () => {
    const c = await t().tenant();
    const r = await c.post('/employees', { username: 'd.d', firstname: 'A', lastname: 'B', birthdate: '2024-02-30' });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['birthdate']);
  });
});
