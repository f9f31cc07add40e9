// Sign-in sessions as the API shows them (docs/api/permissions.md "Sessions"): never their secret (it is in the
// cookie only); the CSRF token only to the session itself.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../../access/roles.js';
import { DateTimeOut, Nullable } from '../../http/schemas.js';

export const Session = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String({ description: 'The employee the session acts as (their username).' }),
  current: Type.Boolean({ description: 'The session this request was made with.' }),
  user_agent: Nullable(Type.String()),
  created: DateTimeOut(),
  last_seen: DateTimeOut(),
  // expires_at: the end however active the session is; idle_expires_at: the end unless a request comes before.
  expires_at: DateTimeOut(),
  idle_expires_at: DateTimeOut(),
});
export type SessionT = Static<typeof Session>;

export const SessionWithCsrf = Type.Object({
  ...Session.properties,
  role: Type.String({
    enum: [...ROLES],
    description:
      "The employee's role now, from their rights (docs/api/permissions.md): what the app offers them; the API decides every request.",
  }),
  csrf_token: Type.String({
    description: 'Send it as the header X-CSRF-Token with every POST, PUT, PATCH and DELETE of this session.',
  }),
});

export const SignIn = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 255 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const PasswordChange = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: Type.String({ minLength: 8, maxLength: 48 }),
  },
  { additionalProperties: false },
);
