// API tokens as the API shows them (docs/api/permissions.md): never their secret, except once in the answer that
// creates one.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, ShownOnce } from '../../http/schemas.js';

export const SCOPE_PATTERN = '^(\\*|[a-z][a-z-]*):(read|write)$';

export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  employee_id: Nullable(Type.String({ description: 'The employee the token acts as; null: a service token.' })),
  scopes: Nullable(
    Type.Array(Type.String(), { description: 'What the token is narrowed to; null: everything its owner may do.' }),
  ),
  expires_at: Nullable(DateTimeOut()),
  last_used_at: Nullable(DateTimeOut()),
  revoked_at: Nullable(DateTimeOut()),
  created: DateTimeOut(),
});
export type ApiTokenT = Static<typeof ApiToken>;

export const ApiTokenCreated = Type.Object({
  ...ApiToken.properties,
  token: ShownOnce('The secret, shown this once; only its hash is stored.'),
});

export const ApiTokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    employee_id: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 255,
          description:
            'The employee the token acts as. Default: the caller themself (a service token when a service token calls). Only administrators and service tokens name someone else or null.',
        }),
      ),
    ),
    scopes: Type.Optional(
      Type.Array(Type.String({ pattern: SCOPE_PATTERN, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        description:
          'Narrows the token: "<area>:read", "<area>:write" (includes read), "*:read", "*:write". Default: the scopes of the calling token.',
      }),
    ),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);
export type ApiTokenCreateT = Static<typeof ApiTokenCreate>;
