import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Canvas, hsl } from './raster';

/** A minimal PNG reader for 8-bit RGB images: checks each chunk's CRC and undoes the filters. */
function readPng(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const a = i >= 3 ? pixels[y * stride + i - 3]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= 3 && y > 0 ? pixels[(y - 1) * stride + i - 3]! : 0;
      const p = a + b - c;
      const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('hsl', () => {
  it('converts as CSS does', () => {
    expect(hsl(0, 100, 50)).toEqual([255, 0, 0]);
    expect(hsl(120, 100, 25)).toEqual([0, 128, 0]);
    expect(hsl(240, 100, 50)).toEqual([0, 0, 255]);
    expect(hsl(0, 0, 100)).toEqual([255, 255, 255]);
    expect(hsl(260, 55, 32)).toEqual([67, 37, 126]);
  });
});

describe('Canvas', () => {
  it('encodes its pixels as a PNG that reads back the same', async () => {
    const canvas = new Canvas(37, 23);
    canvas.gradient([10, 200, 30], [250, 5, 120], (x, y) => (x + y) / 60);
    canvas.disc(20, 10, 8, [255, 255, 255], 0.5);
    canvas.frame(2, 2, 35, 21, 1, [0, 0, 0], 1);
    const png = readPng(await canvas.toPng());
    expect([png.width, png.height]).toEqual([37, 23]);
    const expected = Array.from(canvas.pixels, (v) => Math.max(0, Math.min(255, Math.round(v))));
    expect(Array.from(png.pixels)).toEqual(expected);
  });

  it('draws the gradient between its ends and shapes with soft edges', () => {
    const canvas = new Canvas(100, 10);
    canvas.gradient([0, 0, 0], [200, 100, 50], (x) => x / 100);
    const at = (x: number, y: number) => Array.from(canvas.pixels.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)).map(Math.round);
    expect(at(0, 5)).toEqual([1, 1, 0]);
    expect(at(50, 5)).toEqual([101, 51, 25]);
    canvas.disc(50, 5, 4, [255, 255, 255], 1);
    expect(at(50, 5)).toEqual([255, 255, 255]); // inside
    expect(at(50, 0)).not.toEqual([255, 255, 255]); // on the edge: partly covered
    expect(at(10, 5)).toEqual([21, 11, 5]); // outside: untouched
  });
});
