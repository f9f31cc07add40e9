// Which files a ticket accepts: an allow-list of MIME types, resolved from the declared type or the filename,
// and for common binary formats a check that the bytes carry that format's signature.
import { fieldError } from '../../http/errors.js';

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
  const type = given && given !== 'application/octet-stream' ? given : extension ? BY_EXTENSION[extension] : undefined;
  if (!type || !ALLOWED_CONTENT_TYPES.has(type)) {
    throw fieldError('content_type', `The file type is not allowed. Allowed: ${[...ALLOWED_CONTENT_TYPES].join(', ')}.`);
  }
  const signature = SIGNATURES[type];
  if (signature && !signature.every((byte, i) => content[i] === byte)) throw fieldError('content_type', `The file contents are not of type ${type}.`);
  return type;
}
