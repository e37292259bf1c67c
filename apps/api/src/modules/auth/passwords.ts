import crypto from 'node:crypto';

/**
 * scrypt from node:crypto (no native addon). Parameters travel with each hash, so they can be
 * raised later without invalidating old hashes. N=2^14, r=8 costs about 16 MB and tens of ms.
 */
const PARAMS = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/**
 * Checks a password against a throwaway hash: a sign-in with an unknown email then costs the
 * same time as one with a wrong password, so timing does not tell which emails have accounts.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}
