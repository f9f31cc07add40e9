// A file as a request brought it (http/uploads.ts reads it) and the attachment store keeps it.
export interface UploadedFile {
  filename: string;
  content_type: string;
  content: Buffer;
}
