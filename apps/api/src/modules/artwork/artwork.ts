import crypto from 'node:crypto';
import { Canvas, hsl, type Rgb } from './raster';

/**
 * Generated artwork: every title and person gets a distinct image drawn from its own id, so the
 * demo catalogue needs no downloads and a missing image never shows a broken icon. They are
 * PNG, as real posters are raster images: the browser decodes them off its main thread, and
 * messaging apps show them in link previews, which they do not for SVG (docs/decisions/0011).
 */

function palette(seed: string): { a: Rgb; b: Rgb; accent: Rgb; angle: number } {
  const h = crypto.createHash('sha1').update(seed).digest();
  const hue = Math.round((h[0]! * 360) / 256);
  const hue2 = (hue + 40 + (h[1]! % 80)) % 360;
  return { a: hsl(hue, 55, 32), b: hsl(hue2, 60, 14), accent: hsl(hue, 70, 70), angle: h[2]! % 180 };
}

const WHITE: Rgb = [255, 255, 255];

/**
 * A poster (2:3) or backdrop (16:9): a diagonal gradient, a soft disc and a thin frame. Smooth
 * shapes scale up without a visible difference, so the images are small: a page of posters
 * costs a phone a few kilobytes each, not a few dozen.
 */
export function posterPng(opts: { seed: string; wide?: boolean }): Promise<Buffer> {
  const { a, b, accent, angle } = palette(opts.seed);
  const [w, h] = opts.wide ? [480, 270] : [160, 240];
  const canvas = new Canvas(w, h);
  // The gradient runs along `angle` across the box, as an SVG gradient rotated about its centre.
  const dx = Math.cos((angle * Math.PI) / 180);
  const dy = Math.sin((angle * Math.PI) / 180);
  const span = Math.abs(dx) + Math.abs(dy);
  canvas.gradient(a, b, (x, y) => ((x / w - 0.5) * dx + (y / h - 0.5) * dy) / span + 0.5);
  canvas.disc(w * 0.8, h * 0.18, w * 0.35, accent, 0.12);
  canvas.frame(w * 0.06, h * 0.06, w * 0.94, h * 0.94, 1, WHITE, 0.18);
  return canvas.toPng();
}

/** A portrait (1:1): a radial gradient and a head-and-shoulders silhouette. */
export function personPng(opts: { seed: string }): Promise<Buffer> {
  const { a, b, accent } = palette(`p${opts.seed}`);
  const canvas = new Canvas(160, 160);
  canvas.gradient(a, b, (x, y) => Math.hypot(x - 48, y - 48) / 160);
  canvas.disc(80, 63, 29, accent, 0.25);
  canvas.dome(80, 144, 48, 43, accent, 0.25);
  return canvas.toPng();
}

export const FALLBACK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450">
<rect width="300" height="450" fill="#1e1e1e"/><path d="M110 180h80v90h-80z M125 195v60l45-30z" fill="#444" fill-rule="evenodd"/>
</svg>`;
