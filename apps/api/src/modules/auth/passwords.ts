import crypto from 'node:crypto';

/**
 * scrypt from node:crypto (no native addon). Parameters travel with each hash, so they can be
 * raised later without invalidating old hashes, and a hash made at any cost is checked at its own.
 * N=2^14, r=8 (PASSWORD_HASH_COST=14, the default) costs about 16 MB and tens of ms per hash.
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Checks `password` against a stored `scrypt$N$r$p$salt$hash`, at the parameters it names. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/**
 * Makes new password (and PIN) hashes at one cost: N = 2^cost (PASSWORD_HASH_COST). Production
 * keeps the default; the test suites lower it, as they make and check thousands of hashes.
 */
export class PasswordHasher {
  private readonly N: number;
  private dummy?: Promise<string>;

  constructor(cost: number) {
    this.N = 2 ** cost;
  }

  async hash(password: string): Promise<string> {
    const salt = crypto.randomBytes(16);
    const key = await scrypt(password, salt, { N: this.N, r: R, p: P });
    return `scrypt$${this.N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  /**
   * Checks a password against a throwaway hash: a sign-in with an unknown email then costs the
   * same time as one with a wrong password, so timing does not tell which emails have accounts.
   */
  async spendCheck(password: string): Promise<false> {
    this.dummy ??= this.hash(crypto.randomBytes(12).toString('hex'));
    await verifyPassword(password, await this.dummy);
    return false;
  }
}
