// File uploads, one way for every resource that takes files: JSON {filename, file_contents (base64, a data: URL
// prefix accepted), content_type?} or multipart/form-data with one file; a size limit (413); an allow-list of MIME
// types, resolved from the declared type or the filename; for common binary formats a check that the bytes carry
// that format's signature (422 on content_type).
import { Type, type Static } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../types.js';
import { ApiError, fieldError } from '../values/errors.js';
import type { UploadedFile } from '../values/files.js';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  eml: 'message/rfc822',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
export const ALLOWED_CONTENT_TYPES = new Set(Object.values(BY_EXTENSION));

const ZIP = [0x50, 0x4b];
const SIGNATURES: Readonly<Record<string, number[]>> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
  'application/zip': ZIP,
  [BY_EXTENSION.docx]: ZIP,
  [BY_EXTENSION.xlsx]: ZIP,
  [BY_EXTENSION.pptx]: ZIP,
  [BY_EXTENSION.odt]: ZIP,
  [BY_EXTENSION.ods]: ZIP,
};

/** The content type to store, or a 422 on `content_type` when it is not allowed or the bytes contradict it. */
export function checkedContentType(filename: string, declared: string | undefined, content: Buffer): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  const given = declared?.split(';')[0].trim().toLowerCase();
  const byExtension = extension ? BY_EXTENSION[extension] : undefined;
  const type = given && given !== 'application/octet-stream' ? given : byExtension;
  if (!type || !ALLOWED_CONTENT_TYPES.has(type)) {
    throw fieldError(
      'content_type',
      `The file type is not allowed. Allowed: ${[...ALLOWED_CONTENT_TYPES].join(', ')}.`,
    );
  }
  const signature = SIGNATURES[type];
  if (signature && !signature.every((byte, i) => content[i] === byte))
    throw fieldError('content_type', `The file contents are not of type ${type}.`);
  return type;
}

/** The largest JSON body of an upload route: base64 inflates by 4/3 (the decoded size is checked separately). */
export const uploadBodyLimit = (limit: number) => Math.ceil((limit * 4) / 3) + 64 * 1024;

/** JSON upload body; `maxChars` is the route's body limit, so a longer text is refused as too large (413) first. */
export const UploadJson = (maxChars: number) =>
  Type.Object({
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    file_contents: Type.String({
      minLength: 1,
      maxLength: maxChars,
      description: 'Base64 (a data: URL prefix is accepted).',
    }),
    content_type: Type.Optional(
      Type.String({ maxLength: 127, description: 'MIME type; default: derived from the filename.' }),
    ),
  });
type UploadJsonT = Static<ReturnType<typeof UploadJson>>;

/** Multipart bodies for the upload routes of this plugin scope: one file of at most `limit` bytes. */
export const registerMultipart = (app: ZkApp, limit: number) =>
  app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 10, parts: 11 } });

interface Upload {
  filename: string;
  declaredType: string | undefined;
  content: Buffer;
  field: string;
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

function fromJson(body: UploadJsonT): Upload {
  let text = body.file_contents;
  let declaredType = body.content_type;
  const dataUrl = /^data:([^;,]+)?(;base64)?,/.exec(text);
  if (dataUrl) {
    declaredType ??= dataUrl[1];
    text = text.slice(dataUrl[0].length);
  }
  if (!BASE64.test(text)) throw fieldError('file_contents', 'The file contents must be base64 encoded.');
  return { filename: body.filename, declaredType, content: Buffer.from(text, 'base64'), field: 'file_contents' };
}

/** The boundary parameter of a multipart Content-Type, quoted or not; undefined when it is missing or empty. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;"]+))/i;

async function fromMultipart(req: FastifyRequest, limit: number): Promise<Upload> {
  // Without a boundary the body cannot hold a part (the parser would throw): the same 422 as a body without parts.
  if (!BOUNDARY.test(req.headers['content-type'] ?? ''))
    throw fieldError('file', 'The file field is required (the multipart/form-data body has no boundary).');
  const part = await req.file();
  if (!part) throw fieldError('file', 'The file field is required.');
  try {
    return { filename: part.filename, declaredType: part.mimetype, content: await part.toBuffer(), field: 'file' };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    throw e;
  }
}

const tooLarge = (limit: number) => new ApiError(413, `The file may not be greater than ${limit} bytes.`);

/** The file of an upload request (JSON or multipart), checked: not empty, within the limit, an allowed type. */
export async function readUpload(req: FastifyRequest, limit: number): Promise<UploadedFile> {
  const upload = req.isMultipart() ? await fromMultipart(req, limit) : fromJson(req.body as UploadJsonT);
  if (upload.content.length === 0) throw fieldError(upload.field, 'The file must not be empty.');
  if (upload.content.length > limit) throw tooLarge(limit);
  return {
    filename: upload.filename,
    content_type: checkedContentType(upload.filename, upload.declaredType, upload.content),
    content: upload.content,
  };
}
