/**
 * The bitrate ladder: which renditions a source is encoded into, and what each costs a member
 * in data, which matters on Iranian mobile plans sold by the gigabyte.
 */

/** One rendition of the ladder. Bit rates are in bits per second. */
export interface Rung {
  /** What a quality menu shows, such as `720p`. */
  label: string;
  width: number;
  height: number;
  /** The cap the encoder is held to; easy pictures come out smaller. */
  videoBitrate: number;
  audioBitrate: number;
  /** Video plus audio: the figure to turn into data per hour with {@link bytesPerHour}. */
  bandwidth: number;
}

/** Every edition's audio is AAC-LC stereo at this rate. */
export const AUDIO_BITRATE = 128_000;

const rung = (label: string, width: number, height: number, videoBitrate: number): Rung => ({
  label,
  width,
  height,
  videoBitrate,
  audioBitrate: AUDIO_BITRATE,
  bandwidth: videoBitrate + AUDIO_BITRATE,
});

/** The full ladder, lowest first: 16:9 frames at the usual streaming rates for H.264. */
export const LADDER: readonly Rung[] = [
  rung('360p', 640, 360, 800_000),
  rung('480p', 854, 480, 1_400_000),
  rung('720p', 1280, 720, 2_800_000),
  rung('1080p', 1920, 1080, 5_000_000),
];

/** Rounds down to an even number, as H.264 in 4:2:0 needs, and never below 2. */
const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The rungs to encode a source into: those no taller than the source, lowest first, so the
 * source is only ever scaled down. A source below 360 lines gets one rung at its own size.
 *
 * With the source's width as well, a rung also counts when the source is as wide as it (a
 * 1920×800 scope film is 1080p material), and each rung's frame is the source's shape fitted
 * inside the rung's 16:9 box (1920×800, 1280×532…) instead of being stretched to it.
 * Dimensions are the displayed ones: after rotation and non-square pixels.
 */
export function ladderFor(sourceHeight: number, sourceWidth?: number): Rung[] {
  if (!(sourceHeight > 0)) throw new RangeError(`sourceHeight must be positive, got ${sourceHeight}`);
  const fits = LADDER.filter((r) => sourceHeight >= r.height || (sourceWidth !== undefined && sourceWidth >= r.width));
  if (fits.length === 0) {
    const width = even(sourceWidth ?? (sourceHeight * 16) / 9);
    const height = even(sourceHeight);
    const lowest = LADDER[0]!;
    // Fewer pixels need fewer bits; the floor keeps tiny sources watchable.
    const videoBitrate = Math.max(200_000, Math.round((lowest.videoBitrate * width * height) / (lowest.width * lowest.height) / 1000) * 1000);
    return [rung(`${height}p`, width, height, videoBitrate)];
  }
  if (sourceWidth === undefined) return fits.map((r) => ({ ...r }));
  return fits.map((r) => {
    // Within 1% of the box's shape, the box's own size: 854×480 is the customary 480p frame,
    // and 0.2% of stretch is invisible.
    if (Math.abs((sourceWidth / sourceHeight) * (r.height / r.width) - 1) < 0.01) return { ...r };
    const scale = Math.min(r.width / sourceWidth, r.height / sourceHeight, 1);
    return { ...r, width: even(sourceWidth * scale), height: even(sourceHeight * scale) };
  });
}

/**
 * Bytes a stream of this many bits per second uses in an hour, for showing data per hour
 * ("حدود ۱٫۳ گیگابایت در ساعت") beside each quality.
 */
export function bytesPerHour(bandwidthBitsPerSecond: number): number {
  return Math.round((bandwidthBitsPerSecond * 3600) / 8);
}
