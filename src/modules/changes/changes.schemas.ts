// GET /changes (zeitkonto extension): the tenant's change feed after a cursor.
import { Type } from '@sinclair/typebox';
import { DateTimeOut, Nullable } from '../../http/schemas.js';

export const FEED_DEFAULT_LIMIT = 100;
export const FEED_MAX_LIMIT = 1000;

export const ChangesQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        maxLength: 15,
        description: 'The next_cursor of the previous page; 0 (default) reads from the start of what is kept.',
      }),
    ),
    'types[]': Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 100,
        description: 'Only these record types, e.g. attendances, employees/meals.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: FEED_MAX_LIMIT,
        description: `Changes per page, default ${FEED_DEFAULT_LIMIT}.`,
      }),
    ),
  },
  { additionalProperties: true },
);

export const Actor = Type.Object(
  {
    employee_id: Nullable(
      Type.String({ description: 'The employee (username) the token or session acts as; null: a service token.' }),
    ),
    token_id: Nullable(Type.Integer({ description: 'The API token the write came through (GET /tokens).' })),
    session_id: Nullable(Type.Integer({ description: 'The browser session the write came through.' })),
  },
  { description: 'Who made the write.' },
);

export const Change = Type.Object({
  cursor: Type.String({ description: 'Position in the feed; increases in commit order.' }),
  type: Type.String({ description: "The record's collection path without keys, e.g. attendances, employees/meals." }),
  key: Type.String({ description: "The record's path key, e.g. 42 or max/3: after a rename the new one." }),
  previous_key: Type.Optional(
    Type.String({
      description:
        'Only when the write changed the key (a rename): the key the record had before. The record is no longer found under it.',
    }),
  ),
  op: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  changed_at: DateTimeOut(),
  actor: Nullable(
    Type.Object(Actor.properties, {
      description:
        'Who made the write (GET /audit-events adds the changed fields); null on entries recorded before the audit trail.',
    }),
  ),
  data: Nullable(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'The record as its GET answers it after the change (attachments: their metadata); null for deletions.',
      },
    ),
  ),
});

export const ChangesPage = Type.Object({
  data: Type.Array(Change),
  next_cursor: Type.String({ description: 'Pass as since to read on; equals since when nothing is new.' }),
});
