// Webhook signing secrets: made here, shown once (the 201 of the subscription and the answer of a rotation), and
// stored so the delivery worker can sign with them. HMAC needs the secret itself, so a one-way hash cannot be
// stored as for API tokens; with WEBHOOK_SECRET_KEY set the secret is stored encrypted (AES-256-GCM, bound to its
// tenant), so a copy of the database alone (a dump, a backup, a read through another hole) does not yield it;
// without the key it is stored as text and the database is its only protection; once a key is set, each server
// seals the secrets still stored as text when it starts (WebhookWorker.sealStoredSecrets). docs/api/integration.md §4.
import crypto from 'node:crypto';

const SEALED = 'enc:v1:';

/** A new secret: whsec_ and 24 random bytes in base64, as Standard Webhooks defines it. */
export const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;

/** The AES key of WEBHOOK_SECRET_KEY (any text of 32 or more characters; its SHA-256 is the key). */
export const secretKeyOf = (text: string | undefined): Buffer | undefined =>
  text ? crypto.createHash('sha256').update(text, 'utf8').digest() : undefined;

/** The stored form of a secret: sealed with the key when there is one, else the text itself. */
export function sealSecret(secret: string, tenantId: number, key: Buffer | undefined): string {
  if (!key) return secret;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(`webhook:${tenantId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** The secret of a stored value (text stored without a key stays readable after a key is set). */
export function openSecret(stored: string, tenantId: number, key: Buffer | undefined): string {
  if (!stored.startsWith(SEALED)) return stored;
  if (!key) throw new Error('The webhook secret is stored encrypted, and WEBHOOK_SECRET_KEY is not set.');
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
  const decipher = crypto
    .createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    .setAAD(Buffer.from(`webhook:${tenantId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
