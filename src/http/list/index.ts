// The contract's list conventions, implemented once. A resource declares its key, its sortable
// fields and its filters; it never parses `page` itself.
export * from './query.js';
export * from './paging.js';
export * from './sortable.js';
export * from './caches.js';
export * from './envelope.js';
export * from './csv.js';
