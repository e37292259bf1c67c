import { describe, expect, it } from 'vitest';
import { cuesAt, toCues } from './cues';

const vtt = `WEBVTT

1
00:00:01.000 --> 00:00:02.500
\u200fسلام، دنیا!\u200f

2
00:00:03.000 --> 00:00:05.000
<i>ساعت 12 است.</i>
Second line

3
00:00:06.000 --> 00:00:07.000
Hello, world!
`;

describe('subtitle cues drawn by the player', () => {
  it('keeps Persian lines right to left with Persian digits, tags and bidi marks dropped', () => {
    const cues = toCues(vtt);
    expect(cues).toHaveLength(3);
    expect(cues[0]).toEqual({ start: 1, end: 2.5, lines: ['سلام، دنیا!'], rtl: true });
    expect(cues[1]!.lines).toEqual(['ساعت ۱۲ است.', 'Second line']);
    expect(cues[2]).toMatchObject({ lines: ['Hello, world!'], rtl: false });
  });

  it('finds the cues at a time, moved by the delay', () => {
    const cues = toCues(vtt);
    expect(cuesAt(cues, 1.5, 0).map((c) => c.start)).toEqual([1]);
    expect(cuesAt(cues, 2.6, 0)).toEqual([]);
    // Subtitles half a second later: at 3.2 s the cue that starts at 3 s is not on yet.
    expect(cuesAt(cues, 3.2, 0.5)).toEqual([]);
    expect(cuesAt(cues, 3.6, 0.5).map((c) => c.start)).toEqual([3]);
    expect(cuesAt(cues, 2.8, -0.5).map((c) => c.start)).toEqual([3]);
  });
});
