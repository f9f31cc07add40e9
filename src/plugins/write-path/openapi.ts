// The write path in the OpenAPI document: the headers it honours and the answers it adds, on every operation
// they apply to, marked as zeitkonto extensions (docs/api/integration.md).
const EXT = { 'x-zeitkonto-extension': true };

const header = (name: string, description: string) => ({
  in: 'header',
  name,
  required: false,
  description,
  schema: { type: 'string', maxLength: 255 },
  ...EXT,
});
// The {message} body is the shared Error schema (its title makes the document refer to it).
const ERROR = {
  additionalProperties: false,
  title: 'Error',
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};
const answer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } }, ...EXT });

const IDEMPOTENCY = header(
  'Idempotency-Key',
  'Retry safely: a repeated request with this key gets the stored response (Idempotent-Replayed: true) instead of a second write.',
);
const IF_MATCH = header('If-Match', "Write only if the record's ETag is still this one (412 otherwise).");
const IF_NONE_MATCH = header('If-None-Match', "304 without a body when the record's ETag is still this one.");

/** Add the write path's headers and answers to one operation of the document. */
export function describeWritePath(op: Record<string, any>, method: string, path: string, extension: boolean): void {
  if (extension) Object.assign(op, EXT);
  const item = /\}$/.test(path);
  // PATCH and PUT of one route may share one operation object: add each header once.
  const params: any[] = (op.parameters ??= []);
  const add = (p: { name: string }) => params.some((q) => q.name === p.name) || params.push(p);
  const responses = (op.responses ??= {});
  if (method === 'GET' && item) {
    add(IF_NONE_MATCH);
    responses['304'] = { description: 'Not modified (If-None-Match names the current ETag).', ...EXT };
    return;
  }
  if (method === 'GET' || method === 'HEAD') return;
  add(IDEMPOTENCY);
  responses['409'] ??= answer('A request with the same Idempotency-Key is still being processed.');
  if (method !== 'POST') {
    add(IF_MATCH);
    responses['412'] = answer("If-Match does not name the record's current ETag; nothing was written.");
  }
}
