import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMediaPath, mediaSignature, signedMediaPrefix } from './signed-urls';

const secret = 'a-long-random-media-secret-for-tests';
const now = 1_800_000_000;

describe('signed media URLs', () => {
  it('sign a folder for one member until a time, in the form nginx secure_link_md5 computes', () => {
    const prefix = signedMediaPrefix({ expires: now + 600, member: 42, asset: 'tt0111161' }, secret);
    // nginx: base64url (no padding) of md5("$exp/$uid/$asset $secret").
    const md5 = crypto.createHash('md5').update(`${now + 600}/42/tt0111161 ${secret}`).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(prefix).toBe(`/media/${now + 600}/42/${md5}/tt0111161/`);
    expect(checkMediaPath(`${prefix}v720/seg-00003.ts`, secret, now)).toEqual({ ok: true, grant: { expires: now + 600, member: 42, asset: 'tt0111161' }, file: 'v720/seg-00003.ts' });
  });

  it('refuse an expired URL, a changed member, asset, time or signature, and another secret', () => {
    const grant = { expires: now + 60, member: 7, asset: 'abc' };
    const prefix = signedMediaPrefix(grant, secret);
    const sig = mediaSignature(grant, secret);
    expect(checkMediaPath(`${prefix}master.m3u8`, secret, now + 61)).toEqual({ ok: false, reason: 'expired' });
    expect(checkMediaPath(`/media/${now + 60}/8/${sig}/abc/master.m3u8`, secret, now)).toEqual({ ok: false, reason: 'forged' });
    expect(checkMediaPath(`/media/${now + 60}/7/${sig}/abd/master.m3u8`, secret, now)).toEqual({ ok: false, reason: 'forged' });
    expect(checkMediaPath(`/media/${now + 6000}/7/${sig}/abc/master.m3u8`, secret, now)).toEqual({ ok: false, reason: 'forged' });
    expect(checkMediaPath(`${prefix}master.m3u8`, 'another-secret', now)).toEqual({ ok: false, reason: 'forged' });
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect(checkMediaPath(`/media/${now + 60}/7/${flipped}/abc/master.m3u8`, secret, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('never lets the file part leave the folder', () => {
    const prefix = signedMediaPrefix({ expires: now + 60, member: 1, asset: 'abc' }, secret);
    for (const bad of ['../x', 'v720/../../etc/passwd', '%2e%2e/x', 'a//b', 'a\\b', '%00', '%E0%A4%A', './m3u8']) {
      expect(checkMediaPath(`${prefix}${bad}`, secret, now).ok, bad).toBe(false);
    }
  });

  it('accepts only what it signed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: now, max: now + 1e6 }), fc.nat(1e9), fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), fc.string(), (expires, member, asset, junk) => {
        const prefix = signedMediaPrefix({ expires, member, asset }, secret);
        expect(checkMediaPath(`${prefix}index.m3u8`, secret, now).ok).toBe(true);
        expect(checkMediaPath(`/media/${expires}/${member}/${junk}/${asset}/index.m3u8`, secret, now).ok).toBe(junk === mediaSignature({ expires, member, asset }, secret));
      }),
    );
  });
});
