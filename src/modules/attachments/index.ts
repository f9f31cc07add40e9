// The one attachment store for every owner of files (tickets, receipts): SQL in attachments.repository.ts, the
// shared HTTP pieces in attachments.http.ts. No routes of its own: each owner declares its paths.
export * from './attachments.repository.js';
export * from './attachments.http.js';
