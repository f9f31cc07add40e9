// Does an article exist in the tenant? Articles (issue 16) are not on this branch yet: until they land no article
// exists, so an Artikel item is refused with 422 on article_id. Replaced by the articles module's lookup on merge.
import type { TenantDb } from '../../db/tenant-scope.js';

export async function articleExists(_db: TenantDb, _id: number): Promise<boolean> {
  return false;
}
