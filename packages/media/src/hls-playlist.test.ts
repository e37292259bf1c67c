import { describe, expect, it } from 'vitest';
import { avc1Codec, findSps, masterPlaylist, parseMediaPlaylist, quoted, vodPlaylist } from './hls-playlist';

describe('parseMediaPlaylist', () => {
  it('reads the target duration and segments', () => {
    const text = '#EXTM3U\r\n#EXT-X-VERSION:3\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.000000,\r\n00000.ts\r\n#EXTINF:2.5,title\r\n00001.ts\r\n#EXT-X-ENDLIST\r\n';
    expect(parseMediaPlaylist(text)).toEqual({
      targetDuration: 6,
      segments: [
        { uri: '00000.ts', duration: 6 },
        { uri: '00001.ts', duration: 2.5 },
      ],
    });
  });
});

describe('vodPlaylist', () => {
  it('writes a VOD playlist whose target duration covers every segment', () => {
    const text = vodPlaylist([
      { uri: '00000.vtt', duration: 6.016 },
      { uri: '00001.vtt', duration: 6.6 },
    ]);
    expect(text).toContain('#EXT-X-TARGETDURATION:7\n');
    expect(text).toContain('#EXTINF:6.600000,\n00001.vtt\n#EXT-X-ENDLIST\n');
    expect(parseMediaPlaylist(text).segments).toHaveLength(2);
  });
});

describe('quoted', () => {
  it('keeps Persian, and replaces what a quoted-string cannot hold', () => {
    expect(quoted('دوبله — استودیو X')).toBe('"دوبله — استودیو X"');
    expect(quoted('دوبله "استودیو X"\nنسخه "2')).toBe('"دوبله «استودیو X» نسخه «2"');
  });
});

describe('masterPlaylist', () => {
  const variant = { bandwidth: 1_000_000.2, averageBandwidth: 900_000, width: 640, height: 360, frameRate: 23.976, codecs: 'avc1.64001e,mp4a.40.2', uri: 'v360/index.m3u8' };

  it('lists audio and subtitle groups and points every variant at them', () => {
    const text = masterPlaylist({
      audio: [{ name: 'اصلی', language: 'en', isDefault: true, uri: 'a-orig/index.m3u8' }],
      subtitles: [{ name: 'فارسی', language: 'fa', isDefault: false, uri: 's-fa/index.m3u8' }],
      variants: [variant],
    });
    expect(text).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="اصلی",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="a-orig/index.m3u8"\n');
    expect(text).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="فارسی",LANGUAGE="fa",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="s-fa/index.m3u8"\n');
    expect(text).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=1000001,AVERAGE-BANDWIDTH=900000,RESOLUTION=640x360,FRAME-RATE=23.976,CODECS="avc1.64001e,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"\nv360/index.m3u8\n',
    );
  });

  it('leaves out groups that have no members', () => {
    const text = masterPlaylist({ audio: [], subtitles: [], variants: [{ ...variant, codecs: 'avc1.64001e' }] });
    expect(text).not.toMatch(/AUDIO=|SUBTITLES=|EXT-X-MEDIA/);
  });
});

describe('findSps and avc1Codec', () => {
  it('reads profile, constraints and level from the first SPS', () => {
    const stream = Uint8Array.from([0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, 0x67, 0x64, 0x00, 0x1f, 0xac, 0, 0, 1, 0x68]);
    expect(findSps(stream)).toEqual([0x64, 0x00, 0x1f]);
    expect(avc1Codec(0x64, 0x00, 0x1f)).toBe('avc1.64001f');
    expect(avc1Codec(0x42, 0xc0, 0x1e)).toBe('avc1.42c01e');
    expect(findSps(Uint8Array.from([0, 0, 1, 0x68, 1, 2, 3]))).toBeUndefined();
  });
});
