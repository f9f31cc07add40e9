// API tokens (docs/api/permissions.md): personal and service tokens, their scopes; the secrets themselves live in
// src/tenancy/tokens.ts.
import { PROFILES, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import tokenRoutes from './tokens.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Tokens: 'integration' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: { filteredBy: 'tokens.routes.ts: a caller reaches the tokens that act as them' },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.credentials;

export default async function tokens(app: ZkApp) {
  await app.register(tokenRoutes);
}
