/**
 * Draws the web app's icons (web/public/icons/): the wooden board with four pegs, as PNG files
 * of the sizes a phone installs (192 and 512 pixels, the pegs inside the middle 80% so that a
 * round mask keeps them), written with nothing but zlib. Run `node scripts/icons.mjs` after a
 * change of design; the files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const BOARD = [0x4a, 0x3a, 0x31];
const ROW = [0x5a, 0x48, 0x3d];
const PEGS = [
  [0xd6, 0x28, 0x28],
  [0x2a, 0x9d, 0x3f],
  [0x1d, 0x5f, 0xd1],
  [0xf2, 0xc4, 0x0f],
];

/** The colour of pixel (x, y) of an icon `size` pixels wide, in 0..1 coordinates. */
function pixel(u, v) {
  // Two rows of two pegs on a lighter row band, within the middle 80%.
  const centres = [
    [0.36, 0.36],
    [0.64, 0.36],
    [0.36, 0.64],
    [0.64, 0.64],
  ];
  for (let i = 0; i < centres.length; i++) {
    const [cu, cv] = centres[i];
    const d = Math.hypot(u - cu, v - cv);
    if (d < 0.11) {
      const shade = 1 - 0.35 * Math.max(0, (u - cu + v - cv) / 0.22);
      return PEGS[i].map((c) => Math.round(c * shade));
    }
  }
  if (u > 0.18 && u < 0.82 && v > 0.18 && v < 0.82) return ROW;
  return BOARD;
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel((x + 0.5) / size, (y + 0.5) / size);
      row.set([r, g, b, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = join(import.meta.dirname, '..', 'web', 'public', 'icons');
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) writeFileSync(join(dir, `icon-${size}.png`), png(size));
console.log(`icons written to ${dir}`);
