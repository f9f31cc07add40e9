// Customers, contacts, offers and items for the commercial tests, made through the API.
import assert from 'node:assert/strict';
import type { Client } from './app.js';

let counter = 0;
export async function createCustomer(c: Client, number = `K-${process.pid}-${++counter}`): Promise<string> {
  const r = await c.post('/customers', { customer_number: number, name: 'ACME', currency: 'EUR' });
  assert.equal(r.status, 201, r.text);
  return number;
}

export async function createContact(c: Client, customer: string): Promise<number> {
  const r = await c.post(`/customers/${customer}/contacts`, { first_name: 'Eva', last_name: 'Lang' });
  assert.equal(r.status, 201, r.text);
  return r.body.data.id;
}

export async function createOffer(c: Client, body: Record<string, unknown> = {}) {
  const r = await c.post('/offers', { title: 'Offer', ...body });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

export async function addItem(c: Client, offerId: number, body: Record<string, unknown>) {
  const r = await c.post(`/offers/${offerId}/items`, body);
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

export async function createInvoice(c: Client, body: Record<string, unknown> = {}) {
  const customer_number = body.customer_number ?? (await createCustomer(c));
  const r = await c.post('/invoices', { customer_number, ...body });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}
