;; A heuristic's score of one guess's partition of the candidates, for games without a score
;; table, in WebAssembly with 128-bit SIMD (see partitions.ts for when it runs, and
;; strategies/heuristic.ts `scorePartition` for the same score in TypeScript, which it must
;; agree with exactly, float for float).
;;
;; Each code is a 32-byte record at `records` + 32 × code: its symbol at each position (bytes
;; 0–15), then how many times it holds each colour (bytes 16–31, 0 past the last colour). A
;; guess's answer from a secret is then
;;   hits   = the positions (the low `pegMask` bits) where their symbols are equal
;;   common = Σ over the colours of min(guess's count, secret's count)
;;   answer = offset[hits] + common (hits and blows), or offset[hits] alone (hits only)
;; with offset the 16-byte table at `offsets` (feedback.ts `answerIndex`).
;;
;; `setup` says where everything is; the candidates (i32 code indices) and the gains (f64 by
;; class size) are written by the caller before it scores guesses.
(module
  (memory (export "memory") 1)

  (global $records (mut i32) (i32.const 0))
  (global $candidates (mut i32) (i32.const 0))
  (global $gains (mut i32) (i32.const 0))
  (global $counts (mut i32) (i32.const 0))
  (global $answers (mut i32) (i32.const 0))
  (global $offsets (mut i32) (i32.const 0))
  (global $pegMask (mut i32) (i32.const 0))
  (global $blows (mut i32) (i32.const 0))

  (func (export "setup")
    (param $records i32) (param $candidates i32) (param $gains i32) (param $counts i32)
    (param $answers i32) (param $offsets i32) (param $pegMask i32) (param $blows i32)
    (global.set $records (local.get $records))
    (global.set $candidates (local.get $candidates))
    (global.set $gains (local.get $gains))
    (global.set $counts (local.get $counts))
    (global.set $answers (local.get $answers))
    (global.set $offsets (local.get $offsets))
    (global.set $pegMask (local.get $pegMask))
    (global.set $blows (local.get $blows)))

  ;; The score (lower is better) of `guess`'s partition of the first `n` candidates under the
  ;; heuristic `kind` (0: the largest class; 1: minus the number of classes; 2: the sum of the
  ;; gain of each class's growth, Σc² or Σc·log₂c), or +∞ once it must exceed `bound`: for
  ;; kind 1, when even one new class per candidate left cannot bring it back within. Leaves the
  ;; counts all zero.
  (func (export "score")
    (param $kind i32) (param $guess i32) (param $n i32) (param $bound f64) (result f64)
    (local $symbols v128) (local $colours v128) (local $sums v128)
    (local $i i32) (local $at i32) (local $answer i32) (local $k i32) (local $counted i32)
    (local $score f64) (local $reach f64) (local $exceeded i32)
    (local.set $at (i32.add (global.get $records) (i32.shl (local.get $guess) (i32.const 5))))
    (local.set $symbols (v128.load (local.get $at)))
    (local.set $colours (v128.load offset=16 (local.get $at)))
    (local.set $counted (local.get $n))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $at (i32.add (global.get $records)
          (i32.shl
            (i32.load (i32.add (global.get $candidates) (i32.shl (local.get $i) (i32.const 2))))
            (i32.const 5))))
        ;; The hits index the offsets; the common colours, summed across the lanes, add to it.
        (local.set $answer (i32.load8_u (i32.add (global.get $offsets)
          (i32.popcnt (i32.and (global.get $pegMask)
            (i8x16.bitmask (i8x16.eq (local.get $symbols) (v128.load (local.get $at)))))))))
        (if (global.get $blows)
          (then
            (local.set $sums (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u
              (i8x16.min_u (local.get $colours) (v128.load offset=16 (local.get $at))))))
            (local.set $sums (i32x4.add (local.get $sums)
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
                (local.get $sums) (local.get $sums))))
            (local.set $answer (i32.add (local.get $answer)
              (i32.add (i32x4.extract_lane 0 (local.get $sums))
                (i32x4.extract_lane 1 (local.get $sums)))))))
        (i32.store8 (i32.add (global.get $answers) (local.get $i)) (local.get $answer))
        (local.set $at (i32.add (global.get $counts) (i32.shl (local.get $answer) (i32.const 2))))
        (local.set $k (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (i32.store (local.get $at) (local.get $k))
        (local.set $reach (local.get $score))
        (if (i32.eqz (local.get $kind))
          (then
            (if (f64.gt (f64.convert_i32_u (local.get $k)) (local.get $score))
              (then (local.set $score (f64.convert_i32_u (local.get $k)))))
            (local.set $reach (local.get $score)))
          (else
            (if (i32.eq (local.get $kind) (i32.const 1))
              (then
                (if (i32.eq (local.get $k) (i32.const 1))
                  (then (local.set $score (f64.sub (local.get $score) (f64.const 1)))))
                ;; The best still reachable: one more class per candidate left.
                (local.set $reach (f64.sub (local.get $score)
                  (f64.convert_i32_u (i32.sub (i32.sub (local.get $n) (local.get $i))
                    (i32.const 1))))))
              (else
                (local.set $score (f64.add (local.get $score)
                  (f64.load (i32.add (global.get $gains) (i32.shl (local.get $k) (i32.const 3))))))
                (local.set $reach (local.get $score))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (f64.gt (local.get $reach) (local.get $bound))
          (then
            (local.set $exceeded (i32.const 1))
            (local.set $counted (local.get $i))
            (br $done)))
        (br $each)))
    ;; Every count back to zero, from the answers written as they were counted.
    (local.set $i (i32.const 0))
    (block $cleared
      (loop $clear
        (br_if $cleared (i32.ge_u (local.get $i) (local.get $counted)))
        (i32.store
          (i32.add (global.get $counts)
            (i32.shl (i32.load8_u (i32.add (global.get $answers) (local.get $i))) (i32.const 2)))
          (i32.const 0))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $clear)))
    (if (result f64) (local.get $exceeded)
      (then (f64.const inf))
      (else (local.get $score))))
)
