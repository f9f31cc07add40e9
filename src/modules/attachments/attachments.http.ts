// The HTTP side every owner of files shares: the upload body (JSON base64 or multipart, http/uploads.ts), the
// metadata shape, the base64 read and the raw download GET …/content with Content-Type, Content-Length and
// Content-Disposition. Owners with many files (tickets, invoices, folders) declare their routes with fileRoutes;
// a receipt's single file uses the pieces.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DateTimeOut, MAX_ID, Nullable, Paginated, responses, Single, RecordAuthors } from '../../http/schemas.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { notFound } from '../../values/errors.js';
import { outTimestamp } from '../../values/formats.js';
import { contentDisposition } from '../../http/downloads.js';
import { readUpload, registerMultipart, uploadBodyLimit, UploadJson } from '../../http/uploads.js';
import { type UploadedFile } from '../../values/files.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { rowMapper } from '../../db/row-mapping.js';
import type { KeyPart } from '../../plugins/write-path/records.js';
import {
  addAttachment,
  attachmentContent,
  attachmentListQuery,
  attachmentListSpec,
  deleteAttachment,
  findAttachment,
  type AttachmentMeta,
  type AttachmentOwner,
} from './attachments.repository.js';

/** Metadata of a file as every owner shows it (plus its owner key, e.g. ticket_id). */
export const attachmentFields = {
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
};
const AttachmentFields = Type.Object(attachmentFields);

export const attachmentMeta: (r: AttachmentMeta) => Static<typeof AttachmentFields> = rowMapper(AttachmentFields, {
  // Files stored before migration 2500 have no modified of their own: their upload time.
  convert: { modified: (v, r) => outTimestamp(v ?? r.created) },
});

/** {"success": true}, the answer of an upload (docs/api/conventions.md). */
export const Success = Type.Object({ success: Type.Boolean() });

/** Upload routes of one plugin scope: multipart registered once, the JSON body schema and limits. */
export async function uploads(app: ZkApp) {
  const limit = app.zk.config.uploadLimit;
  const bodyLimit = uploadBodyLimit(limit);
  await registerMultipart(app, limit);
  return {
    /** Route options: body limit and the JSON body (multipart is accepted as well). */
    route: { bodyLimit, body: { content: { 'application/json': { schema: UploadJson(bodyLimit) } } } },
    responses: responses({ 200: Success, 413: Type.Object({ message: Type.String() }) }, { write: true }),
    /** The checked file of the request (413 too large, 422 type or encoding). */
    read: (req: FastifyRequest): Promise<UploadedFile> => readUpload(req, limit),
  };
}

/** The bytes of an attachment as base64 (the JSON read of the real system). */
export const base64Content = async (db: TenantDb, meta: AttachmentMeta) =>
  (await attachmentContent(db, Number(meta.id))).toString('base64');

export interface ContentRoute {
  /** e.g. '/tickets/:id/attachments/:attachment_id/content' */
  url: string;
  tags: string[];
  params: TSchema;
  /** The owner (404 when unknown in the tenant) and, for owners with many files, the attachment id. */
  target: (req: FastifyRequest) => Promise<{ owner: AttachmentOwner; attachmentId?: number }>;
}

/** GET …/content: the raw file with its type, length and name, for clients and browsers alike. */
export function contentRoute(app: ZkApp, def: ContentRoute) {
  app.get(
    def.url,
    {
      schema: {
        summary: 'Download the file itself (raw bytes with Content-Type, Content-Length and Content-Disposition)',
        tags: def.tags,
        params: def.params,
        produces: ['*/*'],
        response: responses({
          200: {
            description: 'The file',
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          } as unknown as TSchema,
        }),
      },
    },
    async (req, reply: FastifyReply) => {
      const { owner, attachmentId } = await def.target(req);
      const meta = await findAttachment(req.db, owner, attachmentId);
      if (!meta) throw notFound('Attachment');
      const bytes = await attachmentContent(req.db, Number(meta.id));
      return reply
        .header('content-type', meta.content_type)
        .header('content-length', bytes.length)
        .header('content-disposition', contentDisposition(meta.filename))
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}

export interface FileRoutesDef {
  /** The collection, e.g. '/folders/:id/documents'; one file is `${url}/:${key}`, its raw bytes `…/content`. */
  url: string;
  /** The file's path parameter, e.g. 'document' or 'attachment_id'. */
  key: string;
  /** Schemas of the owner's path parameters, e.g. { id }. */
  ownerParams: TProperties;
  tags: string[];
  /** Singular words for summaries and 404s: the file ('document') and its owner ('folder'). */
  noun: string;
  ownerNoun: string;
  /** The shown file: metadata, the owner key (extra) and file_contents optional. */
  schema: TSchema;
  /** The owner the path values name (404 when unknown in the tenant), the fields every file shows besides its metadata
   * (e.g. {folder_id}), and — when files may be deleted — a check that throws while they may not (e.g. billed). */
  owner: (
    db: TenantDb,
    params: Record<string, unknown>,
  ) => Promise<{ owner: AttachmentOwner; shows: Record<string, unknown>; refuseDelete?: () => void }>;
  /** The files as change-feed records (type: the file route's static segments): the row's owner in the key, e.g.
   * 'owner_id' or the owner's invoice number (plugins/write-path/records.ts). They show their metadata. */
  records: { ownerType: AttachmentOwner['type']; ownerKey: KeyPart };
  /** Register DELETE of one file. */
  deletable: boolean;
  summaries?: { remove?: string };
}

const an = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/**
 * The routes of an owner with many files, declared once: POST (upload, {"success": true}), GET the list (metadata),
 * GET one (with base64 contents), GET …/content (raw), and optionally DELETE.
 */
export async function fileRoutes(app: ZkApp, def: FileRoutesDef): Promise<void> {
  const upload = await uploads(app);
  const params = Type.Object(def.ownerParams);
  const fileParams = Type.Object({ ...def.ownerParams, [def.key]: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
  const one = `${def.url}/:${def.key}`;
  const tags = def.tags;
  const fileId = (req: FastifyRequest) => (req.params as Record<string, number>)[def.key];
  const notFoundFile = () => notFound(def.noun.charAt(0).toUpperCase() + def.noun.slice(1));
  const show = (shows: Record<string, unknown>) => (r: AttachmentMeta) => ({
    id: Number(r.id),
    ...shows,
    ...attachmentMeta(r),
  });
  const ownerOf = (req: FastifyRequest) => def.owner(req.db, req.params as Record<string, unknown>);
  const ownerNames = Object.keys(def.ownerParams);
  app.zk.records.add({
    type: one
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .join('/'),
    table: 'attachments',
    where: { owner_type: def.records.ownerType },
    key: [def.records.ownerKey, 'id'],
    load: async (s, keys) => {
      const out = new Map<string, unknown>();
      for (const parts of keys) {
        const params = Object.fromEntries(
          ownerNames.map((n, i) => [
            n,
            (def.ownerParams[n] as { type?: string }).type === 'integer' ? Number(parts[i]) : parts[i],
          ]),
        );
        const found = await def.owner(s.db, params).catch((err) => {
          if ((err as { statusCode?: number }).statusCode === 404) return undefined;
          throw err;
        });
        const row = found && (await findAttachment(s.db, found.owner, Number(parts.at(-1))));
        if (row) out.set(parts.join('/'), show(found.shows)(row));
      }
      return out;
    },
  });

  app.post(
    def.url,
    {
      bodyLimit: upload.route.bodyLimit,
      schema: {
        summary: `Upload ${an(def.noun)} to ${an(def.ownerNoun)} (JSON base64 or multipart/form-data)`,
        tags,
        params,
        body: upload.route.body,
        response: upload.responses,
      },
    },
    async (req) => {
      const { owner } = await ownerOf(req);
      await addAttachment(req.db, owner, await upload.read(req));
      return { success: true };
    },
  );

  // A list like every other (docs/api/conventions.md "Lists"): envelope, paging, sort, 422 on bad values.
  app.get(
    def.url,
    {
      schema: {
        summary: `List ${an(def.ownerNoun)}'s ${def.noun}s (metadata)`,
        tags,
        params,
        querystring: listQuery(),
        response: responses({ 200: Paginated(def.schema) }),
      },
    },
    async (req) => {
      const { owner, shows } = await ownerOf(req);
      return listResponse(req, attachmentListQuery(req.db, owner), attachmentListSpec, (rows) => rows.map(show(shows)));
    },
  );

  app.get(
    one,
    {
      schema: {
        summary: `Get one ${def.noun} with its base64 contents`,
        tags,
        params: fileParams,
        response: responses({ 200: Single(def.schema) }),
      },
    },
    async (req) => {
      const { owner, shows } = await ownerOf(req);
      const row = await findAttachment(req.db, owner, fileId(req));
      if (!row) throw notFoundFile();
      return { data: { ...show(shows)(row), file_contents: await base64Content(req.db, row) } };
    },
  );

  if (def.deletable) {
    app.delete(
      one,
      {
        schema: {
          summary: def.summaries?.remove ?? `Delete ${an(def.noun)}`,
          tags,
          params: fileParams,
          response: responses({ 204: Type.Null() }, { write: true }),
        },
      },
      async (req, reply) => {
        const { owner, refuseDelete } = await ownerOf(req);
        if (!(await findAttachment(req.db, owner, fileId(req)))) throw notFoundFile();
        refuseDelete?.();
        await deleteAttachment(req.db, owner, fileId(req));
        return reply.code(204).send();
      },
    );
  }

  contentRoute(app, {
    url: `${one}/content`,
    tags,
    params: fileParams,
    target: async (req) => ({ owner: (await ownerOf(req)).owner, attachmentId: fileId(req) }),
  });
}
