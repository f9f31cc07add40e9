// Where the bytes of uploaded files live, behind one small interface: the owning record keeps only the
// reference `put` returns. Today the database holds the bytes (database-file-store.ts); an object store can
// take its place without touching the modules that upload.
export interface FileStore {
  /** Keep the bytes; the owning record stores the returned reference (inside the caller's transaction). */
  put(content: Buffer): Promise<string>;
  /** The bytes a reference names. */
  get(reference: string): Promise<Buffer>;
}
