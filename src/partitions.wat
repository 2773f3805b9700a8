;; A heuristic's score of one guess's partition of the candidates, for games without a score
;; table, in WebAssembly (see partitions.ts for when it runs, and strategies/heuristic.ts
;; `scorePartition` for the same score in TypeScript, which it must agree with exactly, float
;; for float).
;;
;; Each code is a 16-byte record at `records` + 16 × code: two 64-bit words, as scorer.ts keeps
;; its codes for scoring without a table. The first holds its symbols, four bits a position; the
;; second its colours in unary, `width` bits a colour (as many bits set as the code has of it).
;; A guess's answer from a secret is then
;;   misses = the positions where the XOR of their symbols has a bit set (`nibbles` marks bit 0
;;            of each position's four)
;;   common = the bits set in the AND of their colours
;;   answer = offset[pegs − misses] + common (hits and blows), or the hits alone (hits only)
;; with offset the table at `offsets` (feedback.ts `answerIndex`).
;;
;; `setup` says where everything is; the candidates (i32 code indices) and the gains (f64 by
;; class size) are written by the caller before it scores guesses, and the guesses to choose
;; among (i32 code indices) before `best`. `flags` holds a byte per code, 1 for a candidate
;; (`mark`). The answer is written out in each loop that needs it, not called: V8 did not
;; inline the call, which cost a quarter of the time.
(module
  (memory (export "memory") 1)

  (global $records (mut i32) (i32.const 0))
  (global $candidates (mut i32) (i32.const 0))
  (global $gains (mut i32) (i32.const 0))
  (global $counts (mut i32) (i32.const 0))
  (global $answers (mut i32) (i32.const 0))
  (global $offsets (mut i32) (i32.const 0))
  (global $nibbles (mut i64) (i64.const 0))
  (global $pegs (mut i32) (i32.const 0))
  (global $blows (mut i32) (i32.const 0))
  ;; Whether every answer index is below 64, so that a partition's classes fit one word.
  (global $narrow (mut i32) (i32.const 0))
  (global $guesses (mut i32) (i32.const 0))
  (global $flags (mut i32) (i32.const 0))

  (func (export "setup")
    (param $records i32) (param $candidates i32) (param $gains i32) (param $counts i32)
    (param $answers i32) (param $offsets i32) (param $nibbles i64) (param $pegs i32)
    (param $blows i32) (param $narrow i32) (param $guesses i32) (param $flags i32)
    (global.set $records (local.get $records))
    (global.set $candidates (local.get $candidates))
    (global.set $gains (local.get $gains))
    (global.set $counts (local.get $counts))
    (global.set $answers (local.get $answers))
    (global.set $offsets (local.get $offsets))
    (global.set $nibbles (local.get $nibbles))
    (global.set $pegs (local.get $pegs))
    (global.set $blows (local.get $blows))
    (global.set $narrow (local.get $narrow))
    (global.set $guesses (local.get $guesses))
    (global.set $flags (local.get $flags)))

  ;; Sets the flag of each of the first `n` candidates to `value` (1: a candidate; 0: cleared).
  (func (export "mark") (param $n i32) (param $value i32)
    (local $i i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (i32.store8
          (i32.add (global.get $flags)
            (i32.load (i32.add (global.get $candidates) (i32.shl (local.get $i) (i32.const 2)))))
          (local.get $value))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  ;; The answers of `guess` to the `n` codes (i32 indices) at `codes`, a byte each at `out`.
  (func (export "answers") (param $guess i32) (param $codes i32) (param $n i32) (param $out i32)
    (local $symbols i64) (local $colours i64) (local $x i64) (local $i i32) (local $at i32)
    (local $answer i32)
    (local.set $at (i32.add (global.get $records) (i32.shl (local.get $guess) (i32.const 4))))
    (local.set $symbols (i64.load (local.get $at)))
    (local.set $colours (i64.load offset=8 (local.get $at)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $at (i32.add (global.get $records)
          (i32.shl
            (i32.load (i32.add (local.get $codes) (i32.shl (local.get $i) (i32.const 2))))
            (i32.const 4))))
        (local.set $x (i64.xor (local.get $symbols) (i64.load (local.get $at))))
        (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 1))))
        (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 2))))
        (local.set $answer (i32.sub (global.get $pegs)
          (i32.wrap_i64 (i64.popcnt (i64.and (local.get $x) (global.get $nibbles))))))
        (if (global.get $blows)
          (then
            (local.set $answer
              (i32.add (i32.load8_u (i32.add (global.get $offsets) (local.get $answer)))
                (i32.wrap_i64 (i64.popcnt
                  (i64.and (local.get $colours) (i64.load offset=8 (local.get $at)))))))))
        (i32.store8 (i32.add (local.get $out) (local.get $i)) (local.get $answer))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  ;; The index of the first of the `n` candidates whose score under `kind` is within `bound`,
  ;; or −1: a candidate that splits the others apart, which no guess can beat.
  (func (export "firstWithin") (param $kind i32) (param $n i32) (param $bound f64) (result i32)
    (local $i i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (if (f64.le
              (call $score (local.get $kind)
                (i32.load (i32.add (global.get $candidates) (i32.shl (local.get $i) (i32.const 2))))
                (local.get $n) (local.get $bound))
              (local.get $bound))
          (then (return (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (i32.const -1))

  ;; The guess to play among `count` guesses: the first `count` of the list at `guesses` if
  ;; `listed`, else the codes 0 to count − 1, scored under `kind` over the first `n`
  ;; candidates. The least score wins; a candidate (its flag set) wins a tie against a guess
  ;; that is none, and otherwise the earlier guess. With `tolerant` (entropy), scores within
  ;; 1e-9 of the best (relative, at least absolute) tie: strategies/heuristic.ts's rule,
  ;; comparison for comparison.
  (func (export "best")
    (param $kind i32) (param $n i32) (param $count i32) (param $listed i32) (param $tolerant i32)
    (result i32)
    (local $i i32) (local $guess i32) (local $best i32) (local $consistent i32)
    (local $bestConsistent i32) (local $bestScore f64) (local $tolerance f64) (local $value f64)
    (local.set $best (i32.const -1))
    (local.set $bestScore (f64.const inf))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $guess
          (if (result i32) (local.get $listed)
            (then (i32.load (i32.add (global.get $guesses) (i32.shl (local.get $i) (i32.const 2)))))
            (else (local.get $i))))
        (local.set $tolerance
          (if (result f64) (i32.and (local.get $tolerant) (i32.ge_s (local.get $best) (i32.const 0)))
            (then (f64.mul (f64.const 1e-9) (f64.max (f64.const 1) (local.get $bestScore))))
            (else (f64.const 0))))
        (local.set $value (call $score (local.get $kind) (local.get $guess) (local.get $n)
          (f64.add (local.get $bestScore) (local.get $tolerance))))
        (local.set $consistent (i32.load8_u (i32.add (global.get $flags) (local.get $guess))))
        (if (i32.or
              (i32.or
                (i32.lt_s (local.get $best) (i32.const 0))
                (f64.lt (local.get $value) (f64.sub (local.get $bestScore) (local.get $tolerance))))
              (i32.and
                (f64.le (local.get $value) (f64.add (local.get $bestScore) (local.get $tolerance)))
                (i32.and (local.get $consistent) (i32.eqz (local.get $bestConsistent)))))
          (then
            (local.set $best (local.get $guess))
            (local.set $bestScore (local.get $value))
            (local.set $bestConsistent (local.get $consistent))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $best))

  ;; The score (lower is better) of `guess`'s partition of the first `n` candidates under the
  ;; heuristic `kind` (0: the largest class; 1: minus the number of classes; 2: the sum of the
  ;; gain of each class's growth, Σc² or Σc·log₂c), or +∞ once it must exceed `bound`: for
  ;; kind 1, when even one new class per candidate left cannot bring it back within. Leaves the
  ;; counts all zero.
  (func $score (export "score")
    (param $kind i32) (param $guess i32) (param $n i32) (param $bound f64) (result f64)
    (local $symbols i64) (local $colours i64) (local $seen i64) (local $x i64)
    (local $i i32) (local $at i32) (local $answer i32) (local $k i32) (local $counted i32)
    (local $largest i32) (local $limit i32) (local $parts i32)
    (local $score f64) (local $exceeded i32)
    (local.set $at (i32.add (global.get $records) (i32.shl (local.get $guess) (i32.const 4))))
    (local.set $symbols (i64.load (local.get $at)))
    (local.set $colours (i64.load offset=8 (local.get $at)))
    ;; Integer scores exceed `bound` exactly when they exceed its floor (∞: never).
    (local.set $limit
      (if (result i32) (f64.lt (local.get $bound) (f64.const 2147483647))
        (then (i32.trunc_f64_s (f64.floor (local.get $bound))))
        (else (i32.const 2147483647))))
    (if (i32.and (i32.eq (local.get $kind) (i32.const 1)) (global.get $narrow))
      (then
        ;; Most parts, every answer below 64: the classes seen are bits of one word, and the
        ;; best still reachable is one more class per candidate left.
        (block $done
          (loop $each
            (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
            (local.set $at (i32.add (global.get $records)
              (i32.shl
                (i32.load (i32.add (global.get $candidates) (i32.shl (local.get $i) (i32.const 2))))
                (i32.const 4))))
            (local.set $x (i64.xor (local.get $symbols) (i64.load (local.get $at))))
            (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 1))))
            (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 2))))
            (local.set $answer (i32.sub (global.get $pegs)
              (i32.wrap_i64 (i64.popcnt (i64.and (local.get $x) (global.get $nibbles))))))
            (if (global.get $blows)
              (then
                (local.set $answer
                  (i32.add (i32.load8_u (i32.add (global.get $offsets) (local.get $answer)))
                    (i32.wrap_i64 (i64.popcnt
                      (i64.and (local.get $colours) (i64.load offset=8 (local.get $at)))))))))
            (local.set $seen (i64.or (local.get $seen)
              (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $answer)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (local.set $parts (i32.wrap_i64 (i64.popcnt (local.get $seen))))
            (if (i32.gt_s
                  (i32.sub (i32.sub (i32.const 0) (local.get $parts))
                    (i32.sub (local.get $n) (local.get $i)))
                  (local.get $limit))
              (then (return (f64.const inf))))
            (br $each)))
        (return (f64.convert_i32_s (i32.sub (i32.const 0) (local.get $parts))))))
    (local.set $counted (local.get $n))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $at (i32.add (global.get $records)
          (i32.shl
            (i32.load (i32.add (global.get $candidates) (i32.shl (local.get $i) (i32.const 2))))
            (i32.const 4))))
        (local.set $x (i64.xor (local.get $symbols) (i64.load (local.get $at))))
        (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 1))))
        (local.set $x (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 2))))
        (local.set $answer (i32.sub (global.get $pegs)
          (i32.wrap_i64 (i64.popcnt (i64.and (local.get $x) (global.get $nibbles))))))
        (if (global.get $blows)
          (then
            (local.set $answer
              (i32.add (i32.load8_u (i32.add (global.get $offsets) (local.get $answer)))
                (i32.wrap_i64 (i64.popcnt
                  (i64.and (local.get $colours) (i64.load offset=8 (local.get $at)))))))))
        (i32.store8 (i32.add (global.get $answers) (local.get $i)) (local.get $answer))
        (local.set $at (i32.add (global.get $counts) (i32.shl (local.get $answer) (i32.const 2))))
        (local.set $k (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (i32.store (local.get $at) (local.get $k))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (i32.eqz (local.get $kind))
          (then
            (if (i32.gt_u (local.get $k) (local.get $largest))
              (then (local.set $largest (local.get $k))))
            (local.set $exceeded (i32.gt_s (local.get $largest) (local.get $limit))))
          (else
            (if (i32.eq (local.get $kind) (i32.const 1))
              (then
                (if (i32.eq (local.get $k) (i32.const 1))
                  (then (local.set $parts (i32.add (local.get $parts) (i32.const 1)))))
                (local.set $exceeded (i32.gt_s
                  (i32.sub (i32.sub (i32.const 0) (local.get $parts))
                    (i32.sub (local.get $n) (local.get $i)))
                  (local.get $limit))))
              (else
                (local.set $score (f64.add (local.get $score)
                  (f64.load (i32.add (global.get $gains) (i32.shl (local.get $k) (i32.const 3))))))
                (local.set $exceeded (f64.gt (local.get $score) (local.get $bound)))))))
        (if (local.get $exceeded)
          (then
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
      (else
        (if (result f64) (i32.eqz (local.get $kind))
          (then (f64.convert_i32_u (local.get $largest)))
          (else
            (if (result f64) (i32.eq (local.get $kind) (i32.const 1))
              (then (f64.convert_i32_s (i32.sub (i32.const 0) (local.get $parts))))
              (else (local.get $score))))))))
)
