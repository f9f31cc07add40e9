// The one CRUD kit: routes for list/detail/create/update/delete (optionally below a parent), plain row
// operations with the one uniqueness check, membership (link) rows, and the request pieces resources share.
export * from './crud.routes.js';
export * from './rows.repository.js';
export * from './links.repository.js';
export * from './inputs.js';
