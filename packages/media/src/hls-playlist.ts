/** Reading media playlists and writing master and subtitle playlists (RFC 8216). */

/** One segment of a media playlist: its URI as written and its EXTINF duration in seconds. */
export interface PlaylistSegment {
  uri: string;
  duration: number;
}

/** Reads a VOD media playlist's target duration and segments. */
export function parseMediaPlaylist(text: string): { targetDuration: number; segments: PlaylistSegment[] } {
  let targetDuration = 0;
  const segments: PlaylistSegment[] = [];
  let pending: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && pending !== undefined) {
      segments.push({ uri: line, duration: pending });
      pending = undefined;
    }
  }
  return { targetDuration, segments };
}

/**
 * A quoted-string attribute value: RFC 8216 forbids `"`, CR and LF inside, so a label such as
 * `دوبله "استودیو X"` gets typographic quotes instead of breaking the playlist.
 */
export function quoted(value: string): string {
  return `"${value.replace(/[\r\n]+/g, ' ').replace(/"([^"]*)"/g, '«$1»').replace(/"/g, '«')}"`;
}

/** An audio or subtitle rendition of the master playlist. */
export interface MediaEntry {
  name: string;
  language: string;
  isDefault: boolean;
  uri: string;
}

/** A variant stream of the master playlist; bandwidths in bits per second. */
export interface VariantEntry {
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  frameRate: number;
  codecs: string;
  uri: string;
}

/**
 * Writes a master playlist: audio renditions in group `aud`, subtitles in group `subs`, and one
 * variant per video rendition referring to both groups (a group only when it has members).
 */
export function masterPlaylist(input: {
  audio: readonly MediaEntry[];
  subtitles: readonly MediaEntry[];
  variants: readonly VariantEntry[];
}): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  for (const a of input.audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME=${quoted(a.name)},LANGUAGE=${quoted(a.language)},` +
        `DEFAULT=${a.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="2",URI=${quoted(a.uri)}`,
    );
  }
  for (const s of input.subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME=${quoted(s.name)},LANGUAGE=${quoted(s.language)},` +
        `DEFAULT=${s.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,FORCED=NO,URI=${quoted(s.uri)}`,
    );
  }
  if (input.audio.length || input.subtitles.length) lines.push('');
  for (const v of input.variants) {
    const attrs = [
      `BANDWIDTH=${Math.ceil(v.bandwidth)}`,
      `AVERAGE-BANDWIDTH=${Math.ceil(v.averageBandwidth)}`,
      `RESOLUTION=${v.width}x${v.height}`,
      ...(v.frameRate > 0 ? [`FRAME-RATE=${v.frameRate.toFixed(3)}`] : []),
      `CODECS=${quoted(v.codecs)}`,
      ...(input.audio.length ? ['AUDIO="aud"'] : []),
      ...(input.subtitles.length ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, v.uri);
  }
  return lines.join('\n') + '\n';
}

/**
 * Writes a VOD media playlist for given segments, as used for WebVTT subtitles. The target
 * duration is the longest segment rounded, which RFC 8216 requires to cover every EXTINF.
 */
export function vodPlaylist(segments: readonly PlaylistSegment[]): string {
  const target = Math.max(1, ...segments.map((s) => Math.round(s.duration)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.uri]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** The RFC 6381 codec string of an H.264 stream from its SPS bytes: `avc1.PPCCLL` in hex. */
export function avc1Codec(profileIdc: number, constraintFlags: number, levelIdc: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(profileIdc)}${hex(constraintFlags)}${hex(levelIdc)}`;
}

/**
 * Finds the first sequence parameter set in an Annex B H.264 stream and returns its profile,
 * constraint flags and level bytes, or undefined when there is none.
 */
export function findSps(annexB: Uint8Array): [number, number, number] | undefined {
  for (let i = 0; i + 6 < annexB.length; i++) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1 && (annexB[i + 3]! & 0x1f) === 7) {
      return [annexB[i + 4]!, annexB[i + 5]!, annexB[i + 6]!];
    }
  }
  return undefined;
}
