// Sign-in sessions for people (docs/api/permissions.md "Sessions"): signing in, signing out, listing and ending
// sessions, changing one's own password, single sign-on with the tenant's OpenID Connect provider ("Single sign-on");
// the sessions themselves live in src/tenancy/sessions.ts.
import { PROFILES, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import sessionRoutes from './sessions.routes.js';
import ssoRoutes from './sso.routes.js';
import { createSignInThrottle } from './sign-in-throttle.js';

export { examples } from './sessions.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Sessions: 'integration' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: { filteredBy: 'sessions.routes.ts: a caller reaches the sessions that act as them' },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.credentials;

export default async function sessions(app: ZkApp) {
  // One count of attempts for signing in with a password and with the tenant's provider.
  const throttle = createSignInThrottle(app.zk.config.redisUrl);
  app.addHook('onClose', () => throttle.close());
  await throttle.ready?.(2000);
  await app.register(sessionRoutes, { throttle });
  await app.register(ssoRoutes, { throttle });
}
