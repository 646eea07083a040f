// Draws the app icon (a white upload arrow over a bar, on a blue rounded square) and the
// tray images as PNG files, with nothing but node:zlib. Run it again after changing the
// drawing: `node resources/generate-icons.ts`. The generated PNGs are committed, so
// packaging never depends on an image tool; electron-builder derives the .icns and .ico
// from icon.png (1024 px) and takes the Linux sizes from icons/.
import { deflateSync, crc32 } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Rgba = readonly [number, number, number, number];
/** A shape in the unit square: whether a point (0..1, y down) is inside. */
type Shape = (x: number, y: number) => boolean;

const APP_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): Shape {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
}

function triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): Shape {
  const edge = (px: number, py: number, qx: number, qy: number, x: number, y: number): number => (qx - px) * (y - py) - (qy - py) * (x - px);
  return (x, y) => {
    const e1 = edge(ax, ay, bx, by, x, y);
    const e2 = edge(bx, by, cx, cy, x, y);
    const e3 = edge(cx, cy, ax, ay, x, y);
    return (e1 >= 0 && e2 >= 0 && e3 >= 0) || (e1 <= 0 && e2 <= 0 && e3 <= 0);
  };
}

function union(...shapes: Shape[]): Shape {
  return (x, y) => shapes.some((shape) => shape(x, y));
}

/** The glyph: an arrow pointing up out of a tray bar. `inset` shrinks it toward the centre. */
function uploadGlyph(scale: number): Shape {
  const s = (v: number): number => 0.5 + (v - 0.5) * scale;
  return union(
    triangle(s(0.5), s(0.17), s(0.75), s(0.46), s(0.25), s(0.46)),
    roundedRect(s(0.415), s(0.4), s(0.585), s(0.66), 0.012 * scale),
    roundedRect(s(0.23), s(0.73), s(0.77), s(0.83), 0.045 * scale),
  );
}

const background = roundedRect(0.06, 0.06, 0.94, 0.94, 0.2);
const appGlyph = uploadGlyph(1);

function blend(below: Rgba, above: Rgba, coverage: number): Rgba {
  const a = (above[3] / 255) * coverage;
  const outA = a + (below[3] / 255) * (1 - a);
  if (outA === 0) return [0, 0, 0, 0];
  const channel = (i: 0 | 1 | 2): number => (above[i] * a + below[i] * (below[3] / 255) * (1 - a)) / outA;
  return [channel(0), channel(1), channel(2), outA * 255];
}

/** Fraction of a pixel's sub-samples inside the shape (anti-aliasing). */
function coverage(shape: Shape, px: number, py: number, size: number, samples: number): number {
  let inside = 0;
  for (let sy = 0; sy < samples; sy++) {
    for (let sx = 0; sx < samples; sx++) {
      if (shape((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)) inside++;
    }
  }
  return inside / (samples * samples);
}

type Painter = (px: number, py: number, size: number, samples: number) => Rgba;

function appIconPainter(px: number, py: number, size: number, samples: number): Rgba {
  const t = py / size;
  // A gentle vertical gradient, lighter at the top.
  const blue: Rgba = [Math.round(59 - 30 * t), Math.round(130 - 52 * t), Math.round(246 - 30 * t), 255];
  let pixel = blend([0, 0, 0, 0], blue, coverage(background, px, py, size, samples));
  pixel = blend(pixel, [255, 255, 255, 255], coverage(appGlyph, px, py, size, samples));
  return pixel;
}

/** Template images for the macOS menu bar: black plus alpha; the system tints them. */
const templateGlyph = uploadGlyph(1.18);
function templatePainter(px: number, py: number, size: number, samples: number): Rgba {
  return [0, 0, 0, Math.round(255 * coverage(templateGlyph, px, py, size, samples))];
}

function render(size: number, painter: Painter): Buffer {
  const samples = size <= 64 ? 8 : size <= 256 ? 4 : 3;
  const stride = size * 4 + 1;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = painter(x, y, size, samples);
      const at = y * stride + 1 + x * 4;
      raw[at] = Math.round(r);
      raw[at + 1] = Math.round(g);
      raw[at + 2] = Math.round(b);
      raw[at + 3] = Math.round(a);
    }
  }
  return encodePng(size, size, raw);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit RGBA PNG from filtered scanlines. */
export function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function main(): void {
  const root = import.meta.dirname;
  mkdirSync(join(root, 'icons'), { recursive: true });
  mkdirSync(join(root, 'tray'), { recursive: true });
  for (const size of APP_SIZES) {
    const png = render(size, appIconPainter);
    writeFileSync(join(root, 'icons', `${size}x${size}.png`), png);
    if (size === 1024) writeFileSync(join(root, 'icon.png'), png);
  }
  writeFileSync(join(root, 'tray', 'trayTemplate.png'), render(16, templatePainter));
  writeFileSync(join(root, 'tray', 'trayTemplate@2x.png'), render(32, templatePainter));
  writeFileSync(join(root, 'tray', 'tray.png'), render(32, appIconPainter));
  writeFileSync(join(root, 'tray', 'tray@2x.png'), render(64, appIconPainter));
}

if (import.meta.main) main();
