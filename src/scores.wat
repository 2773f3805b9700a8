;; Rows of the score table in WebAssembly with 128-bit SIMD (see scores.ts for when it runs, and
;; scorer.ts `run` for the same scores in TypeScript, which it must agree with exactly).
;;
;; The codes are laid out by position and by colour, one byte a code, each array padded to
;; `stride` (a multiple of 16) codes: at `symbols` + p × stride the symbol of each code at
;; position p (padding: 255, which no symbol equals), at `counts` + c × stride how many times
;; each code holds colour c. A guess's answer from 16 secrets at once is then:
;;   hits   = Σ over positions p of [secret's symbol at p = guess's symbol at p]
;;   common = Σ over the guess's colours c of min(guess's count of c, secret's count of c)
;;   answer = offset[hits] + common (hits and blows), or offset[hits] alone (hits only)
;; where offset is the 16-byte table at `offsets`: answer indices are ordered by hits, then
;; blows = common − hits (feedback.ts `answerIndex`).
(module
  (memory (export "memory") 1)

  ;; The rows of guesses `first` to `first + count − 1`, one after the other from `out`, each
  ;; `stride` bytes (its last `stride − n` bytes are padding, not answers).
  (func (export "rows")
    (param $first i32) (param $count i32) (param $stride i32)
    (param $pegs i32) (param $colors i32) (param $symbols i32) (param $counts i32)
    (param $offsets i32) (param $blows i32) (param $out i32)
    (local $guess i32) (local $last i32) (local $block i32) (local $p i32) (local $c i32)
    (local $at i32) (local $mine i32)
    (local $hits v128) (local $common v128) (local $table v128)
    (local.set $table (v128.load (local.get $offsets)))
    (local.set $last (i32.add (local.get $first) (local.get $count)))
    (local.set $guess (local.get $first))
    (block $guessesDone
      (loop $eachGuess
        (br_if $guessesDone (i32.ge_u (local.get $guess) (local.get $last)))
        (local.set $block (i32.const 0))
        (block $blocksDone
          (loop $eachBlock
            (br_if $blocksDone (i32.ge_u (local.get $block) (local.get $stride)))
            (local.set $hits (v128.const i64x2 0 0))
            (local.set $p (i32.const 0))
            (block $pegsDone
              (loop $eachPeg
                (br_if $pegsDone (i32.ge_u (local.get $p) (local.get $pegs)))
                (local.set $at
                  (i32.add (local.get $symbols) (i32.mul (local.get $p) (local.get $stride))))
                ;; A match is all ones (−1): subtracting it counts one.
                (local.set $hits (i8x16.sub (local.get $hits)
                  (i8x16.eq
                    (i8x16.splat (i32.load8_u (i32.add (local.get $at) (local.get $guess))))
                    (v128.load (i32.add (local.get $at) (local.get $block))))))
                (local.set $p (i32.add (local.get $p) (i32.const 1)))
                (br $eachPeg)))
            (local.set $common (v128.const i64x2 0 0))
            (if (local.get $blows)
              (then
                (local.set $c (i32.const 0))
                (block $coloursDone
                  (loop $eachColour
                    (br_if $coloursDone (i32.ge_u (local.get $c) (local.get $colors)))
                    (local.set $at
                      (i32.add (local.get $counts) (i32.mul (local.get $c) (local.get $stride))))
                    (local.set $mine (i32.load8_u (i32.add (local.get $at) (local.get $guess))))
                    (if (local.get $mine)
                      (then
                        (local.set $common (i8x16.add (local.get $common)
                          (i8x16.min_u
                            (i8x16.splat (local.get $mine))
                            (v128.load (i32.add (local.get $at) (local.get $block))))))))
                    (local.set $c (i32.add (local.get $c) (i32.const 1)))
                    (br $eachColour)))))
            (v128.store (i32.add (local.get $out) (local.get $block))
              (i8x16.add (i8x16.swizzle (local.get $table) (local.get $hits))
                (local.get $common)))
            (local.set $block (i32.add (local.get $block) (i32.const 16)))
            (br $eachBlock)))
        (local.set $out (i32.add (local.get $out) (local.get $stride)))
        (local.set $guess (i32.add (local.get $guess) (i32.const 1)))
        (br $eachGuess))))
)
