/**
 * The score table as the TypeScript kernels (search/plain-kernel.ts, search/plain-splits.ts)
 * read it: a byte an answer, or four answers a 32-bit word where every row is word-aligned; and
 * the pass both kernels take over it, each code's set of answers from a node's candidates.
 */

/** A game's score table, by bytes and, where its rows allow, by words. */
export class PlainTable {
  /** The table read four answers at a time (little-endian), when every row is word-aligned. */
  readonly words: Uint32Array | undefined;

  /** The table `bytes` of a game of `size` codes: row `guess` × size holds its answers. */
  constructor(
    readonly size: number,
    readonly bytes: Uint8Array,
  ) {
    this.words =
      size % 4 === 0 && bytes.byteOffset % 4 === 0
        ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
        : undefined;
  }

  /**
   * ORs into `masks[code]` the bit of each answer `code` gets from `candidates`, streaming the
   * candidates' rows four at a time so that each mask is read and written once per four rows.
   */
  gatherAnswerMasks(candidates: Int32Array, masks: Int32Array): void {
    const size = this.size;
    const n = candidates.length;
    const words = this.words;
    let i = 0;
    if (words) {
      for (; i + 4 <= n; i += 4) {
        const r0 = (candidates[i] * size) >> 2;
        const r1 = (candidates[i + 1] * size) >> 2;
        const r2 = (candidates[i + 2] * size) >> 2;
        const r3 = (candidates[i + 3] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w0 = words[r0 + q];
          const w1 = words[r1 + q];
          const w2 = words[r2 + q];
          const w3 = words[r3 + q];
          masks[g] |= (1 << (w0 & 255)) | (1 << (w1 & 255)) | (1 << (w2 & 255)) | (1 << (w3 & 255));
          masks[g + 1] |=
            (1 << ((w0 >>> 8) & 255)) |
            (1 << ((w1 >>> 8) & 255)) |
            (1 << ((w2 >>> 8) & 255)) |
            (1 << ((w3 >>> 8) & 255));
          masks[g + 2] |=
            (1 << ((w0 >>> 16) & 255)) |
            (1 << ((w1 >>> 16) & 255)) |
            (1 << ((w2 >>> 16) & 255)) |
            (1 << ((w3 >>> 16) & 255));
          masks[g + 3] |=
            (1 << (w0 >>> 24)) | (1 << (w1 >>> 24)) | (1 << (w2 >>> 24)) | (1 << (w3 >>> 24));
        }
      }
      for (; i < n; i++) {
        const r = (candidates[i] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w = words[r + q];
          masks[g] |= 1 << (w & 255);
          masks[g + 1] |= 1 << ((w >>> 8) & 255);
          masks[g + 2] |= 1 << ((w >>> 16) & 255);
          masks[g + 3] |= 1 << (w >>> 24);
        }
      }
      return;
    }
    const table = this.bytes;
    for (; i < n; i++) {
      const row = candidates[i] * size;
      for (let g = 0; g < size; g++) masks[g] |= 1 << table[row + g];
    }
  }
}
