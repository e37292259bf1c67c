import { describe, expect, it } from 'vitest';
import { PasswordHasher, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are made at the cost they are given, and record it', async () => {
    expect(await new PasswordHasher(10).hash('گذرواژه-۱۲۳')).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await new PasswordHasher(12).hash('گذرواژه-۱۲۳')).toMatch(/^scrypt\$4096\$8\$1\$/);
  });

  it('are checked at their own cost, whatever the hasher’s is now', async () => {
    const old = await new PasswordHasher(11).hash('رمز قدیمی');
    const now = new PasswordHasher(10);
    expect(await now.verify('رمز قدیمی', old)).toBe(true);
    expect(await now.verify('رمز دیگر', old)).toBe(false);
    expect(await verifyPassword('رمز قدیمی', old.replace(/^scrypt/, 'bcrypt'))).toBe(false);
  });

  it('compare the NFC form, so the same word typed two ways is one password', async () => {
    const hasher = new PasswordHasher(10);
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(await hasher.verify(decomposed, await hasher.hash(composed))).toBe(true);
  });

  it('spend a check on an unknown account and say no', async () => {
    await expect(new PasswordHasher(10).spendCheck('هرچه')).resolves.toBe(false);
  });
});
