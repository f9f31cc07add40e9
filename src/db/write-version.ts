// A process-wide counter of executed writes (INSERT/UPDATE/DELETE through Kysely). Caches of derived values
// (list totals) remember the version they were computed at and are void as soon as anything was written.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

let version = 0;

export const writeVersion = () => version;

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/**
 * Counts writes; it only looks at the root node's kind, so it costs nothing measurable. `seen` is told of every
 * query built through it (a read replica notes where its queries run: db/read-replicas.ts).
 */
export class WriteVersionPlugin implements KyselyPlugin {
  constructor(private readonly seen?: (node: RootOperationNode) => void) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) version++;
    this.seen?.(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
