// GET /changes?since=<cursor>&types[]=…&limit=: every create, update and delete of the tenant's records in commit
// order, deletions as tombstones (zeitkonto extension). 410 when the cursor is behind what retention kept.
import type { ZkApp } from '../../types.js';
import { ApiError } from '../../values/errors.js';
import { arrayParam } from '../../http/list/index.js';
import { ErrorBody, responses } from '../../http/schemas.js';
import { feedBounds, listChanges } from './changes.repository.js';
import { ChangesPage, ChangesQuery, FEED_DEFAULT_LIMIT } from './changes.schemas.js';

export default async function changeRoutes(app: ZkApp) {
  // Record types with versions but no place in the feed (webhook subscriptions), known once every module declared.
  let hidden: string[] | undefined;
  app.get(
    '/changes',
    {
      config: { extension: true },
      schema: {
        summary: 'The change feed: creates, updates and deletions in commit order (zeitkonto extension)',
        tags: ['Changes'],
        querystring: ChangesQuery,
        response: responses({ 200: ChangesPage, 410: ErrorBody }),
      },
    },
    async (req) => {
      const since = Number(req.query.since ?? '0');
      const types = arrayParam(req.query as Record<string, unknown>, 'types');
      const bounds = await feedBounds(req.db);
      if (since < bounds.prunedThrough) {
        throw new ApiError(
          410,
          `Changes after cursor ${since} are no longer kept (retention). Read the records again through their lists, then follow the feed from next_cursor ${bounds.last}.`,
          undefined,
          { next_cursor: String(bounds.last) },
        );
      }
      if (since > bounds.last) {
        throw new ApiError(
          410,
          `Cursor ${since} is ahead of this feed (last cursor ${bounds.last}; was the database restored?). Read the records again, then follow the feed from next_cursor ${bounds.last}.`,
          undefined,
          { next_cursor: String(bounds.last) },
        );
      }
      hidden ??= app.zk.records.types.filter((t) => t.feed === false).map((t) => t.type);
      const data = await listChanges(req.db, since, types, hidden, req.query.limit ?? FEED_DEFAULT_LIMIT);
      return { data, next_cursor: data.at(-1)?.cursor ?? String(since) };
    },
  );
}
