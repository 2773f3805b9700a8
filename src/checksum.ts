/**
 * A checksum for files the tool writes and reads back (checkpoints, cached strategies): CRC-32,
 * enough to tell a file cut short or changed from the one written. Not a signature: it says
 * nothing against a file made to deceive.
 */

let crcTable: Uint32Array | undefined;

/** The CRC-32 (IEEE) of `bytes`, as eight hex digits. */
export function crc32(bytes: Uint8Array): string {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}
