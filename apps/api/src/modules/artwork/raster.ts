import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);

/**
 * A small RGB canvas and PNG encoder for the generated artwork: gradients, soft shapes and a
 * frame, nothing that needs a font. A raster image is decoded off the browser's main thread;
 * an SVG image is a document of its own, parsed, laid out and painted on it (docs/decisions/0011).
 */

export type Rgb = readonly [number, number, number];

/** `hsl(h s% l%)` as the browser computes it, to RGB 0–255. */
export function hsl(h: number, s: number, l: number): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export class Canvas {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** A gradient from `a` to `b`, at `t(x, y)` (0–1, clamped) for the pixel centred at (x, y). */
  gradient(a: Rgb, b: Rgb, t: (x: number, y: number) => number): void {
    const { width, height, pixels } = this;
    let i = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = Math.max(0, Math.min(1, t(x + 0.5, y + 0.5)));
        pixels[i++] = a[0] + (b[0] - a[0]) * k;
        pixels[i++] = a[1] + (b[1] - a[1]) * k;
        pixels[i++] = a[2] + (b[2] - a[2]) * k;
      }
    }
  }

  /**
   * `color` laid over the canvas with `opacity`, weighted by `coverage(x, y)` (0–1), inside the
   * bounding box only.
   */
  blend(color: Rgb, opacity: number, box: { x0: number; y0: number; x1: number; y1: number }, coverage: (x: number, y: number) => number): void {
    const { width, height, pixels } = this;
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(width, Math.ceil(box.x1));
    const y1 = Math.min(height, Math.ceil(box.y1));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const alpha = opacity * coverage(x + 0.5, y + 0.5);
        if (alpha <= 0) continue;
        const i = (y * width + x) * 3;
        pixels[i] = pixels[i]! + (color[0] - pixels[i]!) * alpha;
        pixels[i + 1] = pixels[i + 1]! + (color[1] - pixels[i + 1]!) * alpha;
        pixels[i + 2] = pixels[i + 2]! + (color[2] - pixels[i + 2]!) * alpha;
      }
    }
  }

  /** A disc with an anti-aliased edge. */
  disc(cx: number, cy: number, r: number, color: Rgb, opacity: number): void {
    this.blend(color, opacity, { x0: cx - r - 1, y0: cy - r - 1, x1: cx + r + 1, y1: cy + r + 1 }, (x, y) => edge(r - Math.hypot(x - cx, y - cy)));
  }

  /** The upper half of an ellipse standing on the line y = cy (a silhouette's shoulders). */
  dome(cx: number, cy: number, rx: number, ry: number, color: Rgb, opacity: number): void {
    this.blend(color, opacity, { x0: cx - rx - 1, y0: cy - ry - 1, x1: cx + rx + 1, y1: cy }, (x, y) => {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      return edge((1 - d) * Math.min(rx, ry));
    });
  }

  /** A rectangle's outline, `thickness` pixels wide. */
  frame(x0: number, y0: number, x1: number, y1: number, thickness: number, color: Rgb, opacity: number): void {
    const t = thickness / 2;
    this.blend(color, opacity, { x0: x0 - t - 1, y0: y0 - t - 1, x1: x1 + t + 1, y1: y1 + t + 1 }, (x, y) => {
      const inside = Math.min(x - x0, x1 - x, y - y0, y1 - y);
      return inside < -t ? 0 : edge(t - Math.abs(inside));
    });
  }

  /**
   * PNG, 8-bit RGB. Each row is filtered with Paeth, which predicts a pixel from its left, upper
   * and upper-left neighbours: exact for a linear gradient, so only the shapes' edges are left
   * to compress. The compression runs on libuv's thread pool, off the server's event loop.
   */
  async toPng(): Promise<Buffer> {
    const { width, height, pixels } = this;
    const stride = width * 3;
    const raw = Buffer.alloc((stride + 1) * height);
    const row = new Uint8Array(stride);
    const prev = new Uint8Array(stride);
    for (let y = 0; y < height; y++) {
      for (let i = 0; i < stride; i++) row[i] = Math.max(0, Math.min(255, Math.round(pixels[y * stride + i]!)));
      const out = y * (stride + 1);
      raw[out] = 4; // filter: Paeth
      for (let i = 0; i < stride; i++) {
        const left = i >= 3 ? row[i - 3]! : 0;
        const up = prev[i]!;
        const upLeft = i >= 3 ? prev[i - 3]! : 0;
        raw[out + 1 + i] = (row[i]! - paeth(left, up, upLeft)) & 0xff;
      }
      prev.set(row);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', await deflate(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Coverage of a pixel whose centre is `distance` inside an edge (negative: outside). */
function edge(distance: number): number {
  return Math.max(0, Math.min(1, distance + 0.5));
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
