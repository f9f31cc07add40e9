// Employee passwords are stored only as a slow salted hash (scrypt) and are never returned. The parameters
// (docs/api/permissions.md "Passwords"): N = 2^14, r = 8, p = 1, a 16-byte random salt, a 64-byte key; a hash made
// with other parameters is made anew at the next sign-in (needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, opts: ScryptOptions, length = KEY_LENGTH): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** 'scrypt$N$r$p$<salt b64>$<hash b64>' */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash made once with the current parameters: what an unknown account is checked against (same time spent). */
let dummy: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a stored hash (unknown account, no password set) a dummy hash
 * is checked all the same, so a refusal takes as long either way.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await verifyPassword(password, await (dummy ??= hashPassword(randomBytes(16).toString('hex'))));
    return false;
  }
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const opts = { N: Number(N), r: Number(r), p: Number(p), maxmem: 256 * Number(N) * Number(r) + 1024 * 1024 };
  const key = await derive(password, Buffer.from(salt, 'base64'), opts, expected.length || KEY_LENGTH);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The stored hash was made with other parameters than today's (it is replaced at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const [, N, r, p, salt, hash] = stored.split('$');
  return (
    Number(N) !== PARAMS.N ||
    Number(r) !== PARAMS.r ||
    Number(p) !== PARAMS.p ||
    Buffer.from(salt ?? '', 'base64').length !== 16 ||
    Buffer.from(hash ?? '', 'base64').length !== KEY_LENGTH
  );
}
