// The app's icons for the web app manifest, drawn from the header's moon (MoonIcon, a crescent of
// two circles of radius 8.5 on a 24-unit grid) in white on the app's indigo, and written as PNG with
// node:zlib alone: no image library, nothing downloaded.
//
//   npx tsx web/scripts/make-icons.ts     writes web/public/icons/*.png (committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ICONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/** --color-primary of the light theme, the moon's colour in the header. */
const INDIGO = [0x4f, 0x46, 0xe5] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

// The moon's path 'M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z': both arcs have radius
// 8.5 and join (20.5, 14.6) to (9.4, 3.5). Their centres lie on the chord's perpendicular bisector:
// the disc's below left, the bite's above right.
const RADIUS = 8.5;
const [P1, P2] = [
  [20.5, 14.6],
  [9.4, 3.5],
] as const;
const MID = [(P1[0] + P2[0]) / 2, (P1[1] + P2[1]) / 2] as const;
const HALF_CHORD = Math.hypot(P1[0] - P2[0], P1[1] - P2[1]) / 2;
const OFFSET = Math.sqrt(RADIUS ** 2 - HALF_CHORD ** 2);
const NORMAL = [Math.SQRT1_2, -Math.SQRT1_2] as const;
const BITE = [MID[0] + OFFSET * NORMAL[0], MID[1] + OFFSET * NORMAL[1]] as const;
const DISC = [MID[0] - OFFSET * NORMAL[0], MID[1] - OFFSET * NORMAL[1]] as const;
/** The crescent's bounds, to centre it: the disc, less what the bite takes off its top right. */
const MOON_BOX = { left: DISC[0] - RADIUS, right: P1[0], top: P2[1], bottom: DISC[1] + RADIUS };

function inMoon(x: number, y: number): boolean {
  return Math.hypot(x - DISC[0], y - DISC[1]) <= RADIUS && Math.hypot(x - BITE[0], y - BITE[1]) > RADIUS;
}

type IconSpec = {
  file: string;
  size: number;
  /** The moon's height as a share of the icon. */
  moonShare: number;
  /** Corner radius as a share of the icon; 0 for a full square (a maskable icon is cut by the system). */
  cornerShare: number;
};

/** 'any' icons: a rounded square. The maskable one fills the square and keeps the moon inside the
 * central circle of 80% every mask leaves whole. */
export const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, moonShare: 0.6, cornerShare: 0.2 },
  { file: 'icon-512.png', size: 512, moonShare: 0.6, cornerShare: 0.2 },
  { file: 'icon-maskable-512.png', size: 512, moonShare: 0.45, cornerShare: 0 },
  { file: 'apple-touch-icon-180.png', size: 180, moonShare: 0.55, cornerShare: 0 },
];

/** Covered share of a pixel, from a 4×4 grid of samples: smooth edges without a rasteriser. */
const SAMPLES = 4;

function coverage(px: number, py: number, inside: (x: number, y: number) => boolean): number {
  let hits = 0;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) if (inside(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)) hits++;
  }
  return hits / SAMPLES ** 2;
}

/** RGBA pixels of one icon, row by row. */
export function drawIcon({ size, moonShare, cornerShare }: IconSpec): Uint8Array {
  const scale = (size * moonShare) / (MOON_BOX.bottom - MOON_BOX.top);
  const originX = size / 2 - ((MOON_BOX.left + MOON_BOX.right) / 2) * scale;
  const originY = size / 2 - ((MOON_BOX.top + MOON_BOX.bottom) / 2) * scale;
  const corner = size * cornerShare;
  const inSquare = (x: number, y: number) => {
    const dx = Math.max(corner - x, x - (size - corner), 0);
    const dy = Math.max(corner - y, y - (size - corner), 0);
    return dx * dx + dy * dy <= corner * corner;
  };
  const inIconMoon = (x: number, y: number) => inMoon((x - originX) / scale, (y - originY) / scale);
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const shape = coverage(x, y, inSquare);
      const moon = coverage(x, y, inIconMoon);
      const at = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(INDIGO[c]! * (1 - moon) + WHITE[c]! * moon);
      pixels[at + 3] = Math.round(255 * shape);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour-with-alpha PNG of `size`×`size` RGBA pixels. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  // Each row starts with its filter type, 0 (none).
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(ICONS_DIR, { recursive: true });
  for (const icon of ICONS) {
    const png = encodePng(icon.size, drawIcon(icon));
    writeFileSync(path.join(ICONS_DIR, icon.file), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
}
