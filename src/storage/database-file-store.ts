// The bytes live in the owning record itself, as base64 text (the same on SQLite and PostgreSQL). A failed
// transaction therefore takes the bytes with it: there is nothing to undo.
import type { FileStore } from './file-store.js';

export const databaseFileStore: FileStore = {
  put: async (content) => content.toString('base64'),
  get: async (reference) => Buffer.from(reference, 'base64'),
};
