// Webhook subscriptions and their delivery log (zeitkonto extension).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, ShownOnce } from '../../http/schemas.js';
import { SUBSCRIBABLE } from './webhooks.events.js';

const Url = Type.String({
  format: 'uri',
  minLength: 1,
  maxLength: 2000,
  description: 'http(s) URL the events are POSTed to.',
});
/** An event of the published catalogue (webhooks.events.ts), or '*' for all. */
export const EventName = Type.String({
  // The catalogue itself: filled once the modules have declared their records (webhooks.events.ts).
  enum: SUBSCRIBABLE,
  description: "An event of the catalogue (docs/api/integration.md), or '*' for all.",
});
const Events = Type.Array(EventName, {
  minItems: 1,
  maxItems: 100,
  description:
    "Event names such as attendance.created, absence.updated, customer.deleted, employee.meal.created; '*' for all.",
});
const Secret = Type.String({
  minLength: 16,
  maxLength: 200,
  description:
    'Signing secret (Standard Webhooks): whsec_ followed by base64 bytes, or any other text used as its UTF-8 bytes. Generated when omitted.',
});

const webhookFields = {
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
};
/** A subscription as every read shows it: without its signing secret. */
export const Webhook = Type.Object(webhookFields);
export type WebhookT = Static<typeof Webhook>;

/** The answer of a subscription's creation and of a rotation: the only places its secret is shown. */
export const WebhookWithSecret = Type.Object({
  ...webhookFields,
  secret: ShownOnce(
    'The signing secret, shown only in this answer: store it now. POST /webhooks/{id}/rotate-secret makes a new one.',
  ),
});
export type WebhookWithSecretT = Static<typeof WebhookWithSecret>;

export const WebhookCreate = Type.Object({
  url: Url,
  events: Events,
  secret: Type.Optional(Secret),
  active: Type.Optional(Type.Boolean()),
});
export const WebhookUpdate = Type.Object({
  url: Type.Optional(Url),
  events: Type.Optional(Events),
  secret: Type.Optional(Secret),
  active: Type.Optional(Type.Boolean()),
});
export type WebhookWriteT = Static<typeof WebhookUpdate>;

export const Delivery = Type.Object({
  id: Type.Integer(),
  webhook_id: Type.Integer(),
  event: Type.String(),
  message_id: Type.String({
    description: 'The webhook-id header: the same for every attempt and redelivery of one event.',
  }),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(DateTimeOut()),
  last_status: Nullable(Type.Integer({ description: "The receiver's last HTTP status." })),
  last_error: Nullable(Type.String()),
  delivered_at: Nullable(DateTimeOut()),
  created: DateTimeOut(),
  payload: Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        'The body POSTed: {type, timestamp, data: the change-feed entry (with previous_key after a rename, and actor: who made the write)}.',
    },
  ),
});
