// Helpers for the project and ticket tests: create prerequisites through HTTP (the API under test) or seed.
import assert from 'node:assert/strict';
import type { Client } from './app.js';

let counter = 0;
export const projectName = (prefix = 'P') => `${prefix}-${process.pid}-${++counter}`;

/** POST /projects and return the created project (asserts 201). */
export async function createProject(c: Client, body: Record<string, unknown> = {}) {
  const r = await c.post('/projects', { name: projectName(), ...body });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

export async function createTask(c: Client, projectId: number, body: Record<string, unknown> = {}) {
  const r = await c.post(`/projects/${projectId}/tasks`, { name: `Task ${++counter}`, ...body });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

export async function createActivity(c: Client, name: string, isTravel = false) {
  const r = await c.post('/activities', { name, description: name, is_travel: isTravel });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

/** A project with one task and a ticket on it. */
export async function createTicket(c: Client, body: Record<string, unknown> = {}, username?: string) {
  const project = body.project_id ? { id: body.project_id } : await createProject(c);
  const task = body.project_task_id ? { id: body.project_task_id } : await createTask(c, project.id as number);
  const r = await c.post('/tickets', {
    subject: 'Bug',
    status: 1,
    priority: 3,
    project_id: project.id,
    project_task_id: String(task.id),
    creator_username: username,
    ...body,
  });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

export const ids = (body: any) => body.data.map((x: any) => x.id);
