import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { SubtitleError } from './errors';
import { subtitleMessages } from './messages';
import { decodeSubtitleBytes, formatVttTime, localizeWebVtt, parseWebVttCues, persianCueText, shiftWebVtt, srtToWebVtt } from './subtitles';

const RLM = '\u200f';
/**
 * A legacy Persian cue as Windows-1256 can hold it: the code page has پ چ ژ گ ک and ZWNJ but
 * no Persian yeh (ی), which is why such files are full of the Arabic ي.
 */
const PERSIAN_SAMPLE = '1\r\n00:00:01,000 --> 00:00:02,000\r\nسلام، دنيا! اين يک زيرنويس پچ‌ژگ است.\r\n';

/** The cue text lines of a converted file, in order. */
const cueLines = (vtt: string) => parseWebVttCues(vtt).flatMap((c) => c.text.split('\n'));

describe('decodeSubtitleBytes', () => {
  it('decodes Windows-1256, the legacy Persian code page', () => {
    const bytes = iconv.encode(PERSIAN_SAMPLE, 'windows-1256');
    expect(iconv.decode(bytes, 'windows-1256')).toBe(PERSIAN_SAMPLE); // the sample survives the code page
    expect(bytes.length).toBeLessThan(Buffer.byteLength(PERSIAN_SAMPLE)); // one byte a letter: not UTF-8
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: PERSIAN_SAMPLE, encoding: 'windows-1256' });
  });

  it('decodes UTF-8 with and without a BOM, dropping the BOM', () => {
    const plain = Buffer.from(PERSIAN_SAMPLE, 'utf8');
    expect(decodeSubtitleBytes(plain)).toEqual({ text: PERSIAN_SAMPLE, encoding: 'utf-8' });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    expect(decodeSubtitleBytes(withBom)).toEqual({ text: PERSIAN_SAMPLE, encoding: 'utf-8' });
  });

  it.each(['utf-16le', 'utf-16be'] as const)('decodes %s with a BOM', (encoding) => {
    const bytes = iconv.encode(PERSIAN_SAMPLE, encoding, { addBOM: true });
    expect(bytes[0]).toBe(encoding === 'utf-16le' ? 0xff : 0xfe);
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: PERSIAN_SAMPLE, encoding });
  });

  it.each(['utf-16le', 'utf-16be'] as const)('recognises %s without a BOM by its NUL bytes', (encoding) => {
    const bytes = iconv.encode(PERSIAN_SAMPLE, encoding, { addBOM: false });
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: PERSIAN_SAMPLE, encoding });
  });

  it('takes plain ASCII as UTF-8, and accepts a Uint8Array view into a larger buffer', () => {
    const ascii = '1\n00:00:01,000 --> 00:00:02,000\nHello\n';
    const backing = Buffer.from(`xx${ascii}yy`);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 2, ascii.length);
    expect(decodeSubtitleBytes(view)).toEqual({ text: ascii, encoding: 'utf-8' });
  });

  it('turns every encoding of the same file into the same WebVTT', () => {
    const outputs = [
      iconv.encode(PERSIAN_SAMPLE, 'windows-1256'),
      iconv.encode(PERSIAN_SAMPLE, 'utf-8', { addBOM: true }),
      iconv.encode(PERSIAN_SAMPLE, 'utf-16le', { addBOM: true }),
      iconv.encode(PERSIAN_SAMPLE, 'utf-16be'),
    ].map((bytes) => srtToWebVtt(decodeSubtitleBytes(bytes).text));
    expect(new Set(outputs).size).toBe(1);
    expect(cueLines(outputs[0]!)).toEqual([`${RLM}سلام، دنیا! این یک زیرنویس پچ‌ژگ است.${RLM}`]);
  });
});

describe('srtToWebVtt', () => {
  it('writes a WEBVTT header and HH:MM:SS.mmm cues', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,250\nHello\nworld\n\n2\n00:01:02,003 --> 01:02:03,400\nBye\n';
    expect(srtToWebVtt(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.250\nHello\nworld\n\n00:01:02.003 --> 01:02:03.400\nBye\n',
    );
  });

  it.each([
    ['CRLF', '1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nThere\r\n'],
    ['bare CR', '1\r00:00:01,000 --> 00:00:02,000\rHi\r\r2\r00:00:03,000 --> 00:00:04,000\rThere\r'],
    ['no index lines', '00:00:01,000 --> 00:00:02,000\nHi\n\n00:00:03,000 --> 00:00:04,000\nThere\n'],
    ['dots before the millis', '1\n00:00:01.000 --> 00:00:02.000\nHi\n\n2\n00:00:03.000 --> 00:00:04.000\nThere\n'],
    ['extra blank lines', '\n\n1\n00:00:01,000 --> 00:00:02,000\n\nHi\n\n\n\n2\n00:00:03,000 --> 00:00:04,000\nThere\n\n\n'],
    ['a BOM and trailing spaces', '\uFEFF1  \n00:00:01,000 --> 00:00:02,000  \nHi  \n\n2\n00:00:03,000-->00:00:04,000\nThere'],
    ['one-digit fields and short arrows', '1\n0:0:1,0 -> 0:0:2,0\nHi\n\n2\n0:00:03,000 --> 0:00:04,000\nThere\n'],
    ['lost blank lines', '1\n00:00:01,000 --> 00:00:02,000\nHi\n2\n00:00:03,000 --> 00:00:04,000\nThere\n'],
    ['coordinates after the times', '1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:200 Y1:10 Y2:20\nHi\n\n2\n00:00:03,000 --> 00:00:04,000\nThere\n'],
  ])('reads files with %s', (_, srt) => {
    expect(srtToWebVtt(srt)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:03.000 --> 00:00:04.000\nThere\n');
  });

  it('accepts a file that is WebVTT already', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\n00:00:03.000 --> 00:00:04.000\nThere\n';
    expect(srtToWebVtt(vtt)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:03.000 --> 00:00:04.000\nThere\n');
  });

  it('reads a short fraction as a decimal fraction and hours past 99', () => {
    const vtt = srtToWebVtt('1\n100:00:01,5 --> 100:00:02,25\nLong film\n');
    expect(vtt).toContain('100:00:01.500 --> 100:00:02.250');
  });

  it('keeps a number that is the whole text of a cue', () => {
    const vtt = srtToWebVtt('00:00:01,000 --> 00:00:02,000\n1984\n\n00:00:03,000 --> 00:00:04,000\nOrwell\n');
    expect(cueLines(vtt)).toEqual(['1984', 'Orwell']);
  });

  it('sorts cues by start time and drops ones that end before they start or have no text', () => {
    const srt = [
      '1\n00:00:05,000 --> 00:00:06,000\nSecond',
      '2\n00:00:01,000 --> 00:00:02,000\nFirst',
      '3\n00:00:09,000 --> 00:00:08,000\nBackwards',
      '4\n00:00:10,000 --> 00:00:11,000\n<i></i>',
    ].join('\n\n');
    expect(parseWebVttCues(srtToWebVtt(srt)).map((c) => [c.startMs, c.text])).toEqual([
      [1000, 'First'],
      [5000, 'Second'],
    ]);
  });

  it('keeps <i>, <b>, <u> and drops <font>, other tags and ASS codes', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#ffff00">Yellow</font> <I>italic</I>\n<b>bold</b> <span class="x">plain</span> <u>under</u>\n';
    expect(cueLines(srtToWebVtt(srt))).toEqual(['Yellow <i>italic</i>', '<b>bold</b> plain <u>under</u>']);
  });

  it('escapes characters WebVTT reserves, keeping existing entities', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nTom & Jerry <3 a --> b &amp; &#1587;\n';
    expect(cueLines(srtToWebVtt(srt))).toEqual(['Tom &amp; Jerry &lt;3 a --&gt; b &amp; &#1587;']);
  });

  it('rejects blank input with a Persian SubtitleError', () => {
    for (const input of ['', '\n\r\n  \n', '\uFEFF']) {
      const error = catchError(() => srtToWebVtt(input));
      expect(error).toBeInstanceOf(SubtitleError);
      expect(error).toMatchObject({ code: 'SUBTITLE_EMPTY', message: subtitleMessages.SUBTITLE_EMPTY });
    }
  });

  it('rejects text without usable cues', () => {
    for (const input of ['just some text\nno timings', '1\n00:00:05,000 --> 00:00:01,000\nbackwards\n', '<html><body>404</body></html>']) {
      const error = catchError(() => srtToWebVtt(input));
      expect(error).toBeInstanceOf(SubtitleError);
      expect(error).toMatchObject({ code: 'SUBTITLE_INVALID' });
      expect((error as Error).message).toMatch(/زیرنویس/);
    }
  });

  describe('Persian lines', () => {
    const convertLine = (line: string) => cueLines(srtToWebVtt(`1\n00:00:01,000 --> 00:00:02,000\n${line}\n`))[0];

    it('wraps Persian lines in right-to-left marks so end punctuation shows at the left', () => {
      const line = convertLine('سلام، دنیا!')!;
      expect(line).toBe(`${RLM}سلام، دنیا!${RLM}`);
      // The `!` sits between two strong RTL characters (a letter and the RLM), so the bidi
      // algorithm resolves it RTL whatever the paragraph direction: it is drawn at the left end.
      const bang = line.indexOf('!');
      expect(line[bang - 1]).toMatch(/\p{Script=Arabic}/u);
      expect(line[bang + 1]).toBe(RLM);
    });

    it('leaves lines without Persian or Arabic letters alone', () => {
      expect(convertLine('Hello, world!')).toBe('Hello, world!');
      expect(convertLine('123 ... 456')).toBe('123 ... 456');
    });

    it('wraps each Persian line of a mixed cue on its own', () => {
      const vtt = srtToWebVtt('1\n00:00:01,000 --> 00:00:02,000\nWhere are you?\nکجایی؟\n');
      expect(cueLines(vtt)).toEqual(['Where are you?', `${RLM}کجایی؟${RLM}`]);
    });

    it('turns Arabic-keyboard yeh and kaf into the Persian letters', () => {
      expect(convertLine('يك كتاب علي موسى')).toBe(`${RLM}یک کتاب علی موسی${RLM}`);
    });

    it.each([
      ['.سلام', 'سلام.'],
      ['!سلام دنیا', 'سلام دنیا!'],
      ['?چی', 'چی?'],
      ['؟کجا می‌روی', 'کجا می‌روی؟'],
      ['،و بعد', 'و بعد،'],
      ['...صبر کن', 'صبر کن...'],
      ['?!واقعاً', 'واقعاً?!'],
      ['. سلام', 'سلام.'],
      ['<i>.سلام</i>', '<i>سلام.</i>'],
      ['- .بله', '- بله.'],
      ['\u202b.سلام\u202c', 'سلام.'],
    ])('moves punctuation an old player left at the start back to the end: %s', (input, fixed) => {
      expect(convertLine(input)).toBe(`${RLM}${fixed}${RLM}`);
    });

    it.each([
      ['...و بعد رفت.', 'a continuation that has its own ending'],
      ['.Hello سلام', 'Latin text after the punctuation'],
      ['«سلام»', 'quotes, which are not sentence ends'],
    ])('leaves %s alone (%s)', (input) => {
      expect(convertLine(input)).toBe(`${RLM}${input}${RLM}`);
    });

    it('does not stack direction marks on lines that already had some', () => {
      expect(convertLine(`${RLM}${RLM}سلام!\u200e`)).toBe(`${RLM}سلام!${RLM}`);
    });
  });
});

describe('shiftWebVtt', () => {
  const vtt =
    'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\nNOTE a note\n\nintro\n00:00:01.000 --> 00:00:02.500 align:start\nOne\n\n00:00:03.000 --> 00:00:04.000\nTwo\n';

  it('delays every cue, keeping header, notes, identifiers and settings', () => {
    expect(shiftWebVtt(vtt, 1500)).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\nNOTE a note\n\nintro\n00:00:02.500 --> 00:00:04.000 align:start\nOne\n\n00:00:04.500 --> 00:00:05.500\nTwo\n',
    );
  });

  it('brings cues earlier, dropping those pushed before zero and starting straddlers at zero', () => {
    const shifted = shiftWebVtt(vtt, -2_200);
    expect(parseWebVttCues(shifted).map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [0, 300, 'One'],
      [800, 1800, 'Two'],
    ]);
    expect(parseWebVttCues(shiftWebVtt(vtt, -10_000))).toEqual([]);
  });

  it('shifting forth and back is the identity', () => {
    fc.assert(
      fc.property(cueList, fc.integer({ min: 0, max: 10_000_000 }), (cues, delta) => {
        const original = srtToWebVtt(toSrt(cues, { crlf: false, dot: false }));
        expect(shiftWebVtt(shiftWebVtt(original, delta), -delta)).toBe(original);
      }),
    );
  });
});

describe('formatVttTime', () => {
  it.each([
    [0, '00:00:00.000'],
    [59_999, '00:00:59.999'],
    [3_600_000, '01:00:00.000'],
    [360_000_000 + 61_001, '100:01:01.001'],
    [-5, '00:00:00.000'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatVttTime(ms)).toBe(text);
  });
});

interface GeneratedCue {
  startMs: number;
  durationMs: number;
  lines: string[];
}

/** Cue text: Persian and Latin words with punctuation, never a bare number or a timing line. */
const cueText = fc
  .tuple(
    fc.constantFrom('سلام', 'دنیا', 'کتاب', 'Hello', 'world', 'فیلم', 'Parde', 'پرده'),
    fc.array(fc.constantFrom('سلام', 'و', 'the', '۱۲۳', '42', '،', '!', '?', '<i>x</i>', 'ي', 'ك'), { maxLength: 6 }),
  )
  .map(([first, rest]) => [first, ...rest].join(' '));

const cueList = fc.array(
  fc.record({
    startMs: fc.integer({ min: 0, max: 36_000_000 }),
    durationMs: fc.integer({ min: 1, max: 60_000 }),
    lines: fc.array(cueText, { minLength: 1, maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 30 },
);

/** Writes cues as an SRT in one of the shapes real files come in. */
function toSrt(cues: readonly GeneratedCue[], style: { crlf: boolean; dot: boolean; noIndex?: boolean; extraBlank?: boolean }): string {
  const srtTime = (ms: number) => formatVttTime(ms).replace('.', style.dot ? '.' : ',');
  const blocks = cues.map((c, i) =>
    [
      ...(style.noIndex ? [] : [String(i + 1)]),
      `${srtTime(c.startMs)} --> ${srtTime(c.startMs + c.durationMs)}`,
      ...c.lines,
    ].join('\n'),
  );
  const text = blocks.join(style.extraBlank ? '\n\n\n\n' : '\n\n') + '\n';
  return style.crlf ? text.replace(/\n/g, '\r\n') : text;
}

it('round-trips the times of any list of cues, whatever the SRT style', () => {
  fc.assert(
    fc.property(
      cueList,
      fc.record({ crlf: fc.boolean(), dot: fc.boolean(), noIndex: fc.boolean(), extraBlank: fc.boolean() }),
      (cues, style) => {
        const vtt = srtToWebVtt(toSrt(cues, style));
        const expected = cues
          .map((c) => [c.startMs, c.startMs + c.durationMs])
          .sort((a, b) => a[0]! - b[0]!);
        const got = parseWebVttCues(vtt).map((c) => [c.startMs, c.endMs]);
        expect(got).toEqual(expected);
        expect(parseWebVttCues(vtt).every((c) => c.text.split('\n').length <= 3)).toBe(true);
      },
    ),
  );
});

describe('Persian subtitle files in Persian digits', () => {
  const srt = '1\n00:00:01,000 --> 00:00:02,500\nقيمت 49,000 تومان، 15% كمتر\n<i>ساعت 12:30</i>\nRoom 101\n\n2\n00:01:02,000 --> 00:01:04,000\n1984\n';

  it('writes the numbers of a Persian file in Persian, timings as they were', () => {
    const vtt = srtToWebVtt(srt, 'fa');
    expect(parseWebVttCues(vtt)).toEqual([
      { startMs: 1000, endMs: 2500, settings: '', text: `${RLM}قیمت ۴۹٬۰۰۰ تومان، ۱۵٪ کمتر${RLM}\n${RLM}<i>ساعت ۱۲:۳۰</i>${RLM}\nRoom 101` },
      { startMs: 62_000, endMs: 64_000, settings: '', text: '۱۹۸۴' },
    ]);
    expect(vtt).toContain('00:00:01.000 --> 00:00:02.500\n');
    expect(vtt).toContain('00:01:02.000 --> 00:01:04.000\n');
  });

  it('leaves the digits of other languages, and of a file of unknown language, as written', () => {
    expect(srtToWebVtt(srt, 'en')).toContain('49,000');
    expect(srtToWebVtt(srt)).toContain('49,000');
    expect(srtToWebVtt(srt, 'fa-IR')).toContain('۴۹٬۰۰۰');
  });

  it('keeps tags and character references whole', () => {
    expect(persianCueText('<b>سال 1402</b> &#1575; &amp; &#x41; و 2')).toBe('<b>سال ۱۴۰۲</b> &#1575; &amp; &#x41; و ۲');
    expect(persianCueText('Chapter 3')).toBe('Chapter 3');
  });

  it('localizes a written file without touching its header, identifiers or timings', () => {
    const written = 'WEBVTT\r\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\r\n\r\nNOTE 12 notes\r\n\r\ncue-7\r\n00:00:09.500 --> 00:00:12.000 align:start\r\n\u200fقيمت: 49,000 تومان (با تخفیف 15%).\u200f\r\n';
    expect(localizeWebVtt(written, 'fa')).toBe(
      'WEBVTT\r\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\r\n\r\nNOTE 12 notes\r\n\r\ncue-7\r\n00:00:09.500 --> 00:00:12.000 align:start\r\n\u200fقیمت: ۴۹٬۰۰۰ تومان (با تخفیف ۱۵٪).\u200f\r\n',
    );
    expect(localizeWebVtt(written, 'ar')).toBe(written);
    // Once is enough: a second pass changes nothing.
    const once = localizeWebVtt(srtToWebVtt(srt), 'fa');
    expect(once).toBe(srtToWebVtt(srt, 'fa'));
    expect(localizeWebVtt(once, 'fa')).toBe(once);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
