;; The mask ranking kernel of the exact search in WebAssembly with 128-bit SIMD (see
;; search/masks.ts for why, and search/plain-kernel.ts for the same kernels in TypeScript, which
;; they must agree with exactly).
;;
;; The memory holds, at addresses the caller chooses (search/masks.ts lays them out): the score
;; table, each row padded to a multiple of 16 bytes; the node's candidates as the addresses of
;; their rows; the guesses to rank; the answer masks, as 2 or 4 planes of one byte per code
;; (plane p holds answers 8p to 8p + 7); and the ranking written out.
(module
  ;; The memory is the caller's: its own, or one shared between threads that holds the score
  ;; table once (`npm run wasm` compiles this source twice, the second time with this memory
  ;; declared shared). `$base` is where this instance's own results go: `settle` leaves a number
  ;; at $base, `classify` and `keys` a width at $base + 8.
  (import "env" "memory" (memory $memory 1 65536))
  (import "env" "base" (global $base i32))

  ;; For each code g, the set of answers g gets from the candidates, as bit planes: each
  ;; candidate's row is read 16 codes at a time, and each answer a < 16 becomes its bit by a
  ;; byte shuffle of a constant (a ≥ 16: a − 16, shuffled the same way into planes 2 and 3).
  (func (export "gather")
    (param $rows i32) (param $n i32) (param $blocks i32) (param $planes i32)
    (param $stride i32) (param $planeCount i32)
    (local $block i32) (local $offset i32) (local $row i32) (local $end i32)
    (local $answers v128) (local $high v128)
    (local $p0 v128) (local $p1 v128) (local $p2 v128) (local $p3 v128)
    (local $out i32)
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $block) (local.get $blocks)))
        (local.set $offset (i32.shl (local.get $block) (i32.const 4)))
        (local.set $p0 (v128.const i64x2 0 0))
        (local.set $p1 (v128.const i64x2 0 0))
        (local.set $p2 (v128.const i64x2 0 0))
        (local.set $p3 (v128.const i64x2 0 0))
        (local.set $row (local.get $rows))
        (if (i32.eq (local.get $planeCount) (i32.const 2))
          (then
            (block $rowsDone
              (loop $eachRow
                (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $end)))
                (local.set $answers
                  (v128.load (i32.add (i32.load (local.get $row)) (local.get $offset))))
                (local.set $p0 (v128.or (local.get $p0)
                  (i8x16.swizzle (v128.const i8x16 1 2 4 8 16 32 64 128 0 0 0 0 0 0 0 0)
                    (local.get $answers))))
                (local.set $p1 (v128.or (local.get $p1)
                  (i8x16.swizzle (v128.const i8x16 0 0 0 0 0 0 0 0 1 2 4 8 16 32 64 128)
                    (local.get $answers))))
                (local.set $row (i32.add (local.get $row) (i32.const 4)))
                (br $eachRow))))
          (else
            (block $rowsDone
              (loop $eachRow
                (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $end)))
                (local.set $answers
                  (v128.load (i32.add (i32.load (local.get $row)) (local.get $offset))))
                (local.set $high (i8x16.sub (local.get $answers) (i8x16.splat (i32.const 16))))
                (local.set $p0 (v128.or (local.get $p0)
                  (i8x16.swizzle (v128.const i8x16 1 2 4 8 16 32 64 128 0 0 0 0 0 0 0 0)
                    (local.get $answers))))
                (local.set $p1 (v128.or (local.get $p1)
                  (i8x16.swizzle (v128.const i8x16 0 0 0 0 0 0 0 0 1 2 4 8 16 32 64 128)
                    (local.get $answers))))
                (local.set $p2 (v128.or (local.get $p2)
                  (i8x16.swizzle (v128.const i8x16 1 2 4 8 16 32 64 128 0 0 0 0 0 0 0 0)
                    (local.get $high))))
                (local.set $p3 (v128.or (local.get $p3)
                  (i8x16.swizzle (v128.const i8x16 0 0 0 0 0 0 0 0 1 2 4 8 16 32 64 128)
                    (local.get $high))))
                (local.set $row (i32.add (local.get $row) (i32.const 4)))
                (br $eachRow)))
            (local.set $out (i32.add (local.get $planes) (local.get $offset)))
            (v128.store
              (i32.add (local.get $out) (i32.shl (local.get $stride) (i32.const 1)))
              (local.get $p2))
            (v128.store
              (i32.add (local.get $out) (i32.mul (local.get $stride) (i32.const 3)))
              (local.get $p3))))
        (local.set $out (i32.add (local.get $planes) (local.get $offset)))
        (v128.store (local.get $out) (local.get $p0))
        (v128.store (i32.add (local.get $out) (local.get $stride)) (local.get $p1))
        (local.set $block (i32.add (local.get $block) (i32.const 1)))
        (br $blocks))))

  ;; The first pass of a ranking over the guesses (`count` of them at `$guesses`, or every code
  ;; below `count` when `$all`), from the answer masks. What a guess's bound and key are depends
  ;; only on how many answers it gets and whether it gets all hits (is a candidate): its class,
  ;; 2 × answers + 1 if a candidate, for which the caller has put the key at `keys` (8 bytes a
  ;; class; infinite for a guess to skip or leave out). Writes the guesses kept, their keys and
  ;; their answer masks out; marks at `seen` (a byte a class, cleared first) the classes
  ;; met; leaves at $base + 8 the node's width (search/bounds.ts): the most answers other than
  ;; all hits (bit `solved`) one guess gets, skipped or not. Returns how many it wrote. Every
  ;; code is classed 16 at a time, from the bytes of the planes (answers by byte popcounts),
  ;; with 96 bytes at `scratch` for the classes and which have finite keys; a list of guesses,
  ;; one at a time.
  (func (export "classify")
    (param $guesses i32) (param $count i32) (param $all i32) (param $solved i32)
    (param $planes i32) (param $stride i32) (param $planeCount i32) (param $keys i32)
    (param $seen i32) (param $outGuesses i32) (param $outKeys i32) (param $outMasks i32)
    (param $scratch i32)
    (result i32)
    (local $i i32) (local $guess i32) (local $at i32) (local $mask i32) (local $class i32)
    (local $key f64) (local $written i32) (local $others i32) (local $k i32) (local $widest i32)
    (local $j i32) (local $solvedAt i32) (local $solvedShift i32)
    (local $answers v128) (local $candidate v128) (local $wide v128) (local $classes v128)
    (local $kept i32) (local $c i32) (local $byte i32)
    (local $finite0 v128) (local $finite1 v128) (local $finite2 v128) (local $finite3 v128)
    (local $finite4 v128)
    (local.set $others (i32.xor (i32.shl (i32.const 1) (local.get $solved)) (i32.const -1)))
    (v128.store offset=0 (local.get $seen) (v128.const i64x2 0 0))
    (v128.store offset=16 (local.get $seen) (v128.const i64x2 0 0))
    (v128.store offset=32 (local.get $seen) (v128.const i64x2 0 0))
    (v128.store offset=48 (local.get $seen) (v128.const i64x2 0 0))
    (v128.store offset=64 (local.get $seen) (v128.const i64x2 0 0))
    (if (local.get $all)
      (then
        (local.set $solvedAt
          (i32.add (local.get $planes)
            (i32.mul (i32.shr_u (local.get $solved) (i32.const 3)) (local.get $stride))))
        (local.set $solvedShift (i32.and (local.get $solved) (i32.const 7)))
        ;; At scratch + 16, a byte a class (80, the last 14 unused): all ones if its key is
        ;; finite, else 0; read 16 classes at a time by byte shuffles.
        (block $tableDone
          (loop $table
            (br_if $tableDone (i32.ge_u (local.get $c) (i32.const 80)))
            (i32.store8 (i32.add (i32.add (local.get $scratch) (i32.const 16)) (local.get $c))
              (if (result i32) (i32.lt_u (local.get $c) (i32.const 66))
                (then
                  (i32.mul (i32.const 255)
                    (f64.ne
                      (f64.load (i32.add (local.get $keys) (i32.shl (local.get $c) (i32.const 3))))
                      (f64.const inf))))
                (else (i32.const 0))))
            (local.set $c (i32.add (local.get $c) (i32.const 1)))
            (br $table)))
        (local.set $finite0 (v128.load offset=16 (local.get $scratch)))
        (local.set $finite1 (v128.load offset=32 (local.get $scratch)))
        (local.set $finite2 (v128.load offset=48 (local.get $scratch)))
        (local.set $finite3 (v128.load offset=64 (local.get $scratch)))
        (local.set $finite4 (v128.load offset=80 (local.get $scratch)))
        (block $blocksDone
          (loop $blocks
            (br_if $blocksDone
              (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $count)))
            (local.set $at (i32.add (local.get $planes) (local.get $i)))
            (local.set $answers
              (i8x16.add
                (i8x16.popcnt (v128.load (local.get $at)))
                (i8x16.popcnt (v128.load (i32.add (local.get $at) (local.get $stride))))))
            (if (i32.eq (local.get $planeCount) (i32.const 4))
              (then
                (local.set $answers
                  (i8x16.add (local.get $answers)
                    (i8x16.add
                      (i8x16.popcnt
                        (v128.load
                          (i32.add (local.get $at) (i32.shl (local.get $stride) (i32.const 1)))))
                      (i8x16.popcnt
                        (v128.load
                          (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 3))))))))))
            (local.set $candidate
              (v128.and
                (i8x16.shr_u
                  (v128.load (i32.add (local.get $solvedAt) (local.get $i)))
                  (local.get $solvedShift))
                (i8x16.splat (i32.const 1))))
            (local.set $wide
              (i8x16.max_u (local.get $wide)
                (i8x16.sub (local.get $answers) (local.get $candidate))))
            (local.set $classes
              (v128.or (i8x16.shl (local.get $answers) (i32.const 1)) (local.get $candidate)))
            (v128.store (local.get $scratch) (local.get $classes))
            ;; Every class met is marked (once where the 16 are of one class, as often at small
            ;; nodes); only the guesses of a class with a finite key are looked at one by one
            ;; (the bits of `$kept`).
            (local.set $class (i8x16.extract_lane_u 0 (local.get $classes)))
            (i32.store8 (i32.add (local.get $seen) (local.get $class)) (i32.const 1))
            (if (i32.eqz
                  (i8x16.all_true
                    (i8x16.eq (local.get $classes) (i8x16.splat (local.get $class)))))
              (then
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 1 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 2 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 3 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 4 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 5 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 6 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 7 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 8 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 9 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 10 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 11 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 12 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 13 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 14 (local.get $classes)))
                  (i32.const 1))
                (i32.store8 (i32.add (local.get $seen) (i8x16.extract_lane_u 15 (local.get $classes)))
                  (i32.const 1))))
            (local.set $kept
              (i8x16.bitmask
                (v128.or
                  (v128.or
                    (i8x16.swizzle (local.get $finite0) (local.get $classes))
                    (i8x16.swizzle (local.get $finite1)
                      (i8x16.sub (local.get $classes) (i8x16.splat (i32.const 16)))))
                  (v128.or
                    (v128.or
                      (i8x16.swizzle (local.get $finite2)
                        (i8x16.sub (local.get $classes) (i8x16.splat (i32.const 32))))
                      (i8x16.swizzle (local.get $finite3)
                        (i8x16.sub (local.get $classes) (i8x16.splat (i32.const 48)))))
                    (i8x16.swizzle (local.get $finite4)
                      (i8x16.sub (local.get $classes) (i8x16.splat (i32.const 64))))))))
            (block $lanesDone
              (loop $lanes
                (br_if $lanesDone (i32.eqz (local.get $kept)))
                (local.set $j (i32.ctz (local.get $kept)))
                (local.set $kept
                  (i32.and (local.get $kept) (i32.sub (local.get $kept) (i32.const 1))))
                (local.set $class (i32.load8_u (i32.add (local.get $scratch) (local.get $j))))
                (i32.store
                  (i32.add (local.get $outGuesses) (i32.shl (local.get $written) (i32.const 2)))
                  (i32.add (local.get $i) (local.get $j)))
                (f64.store
                  (i32.add (local.get $outKeys) (i32.shl (local.get $written) (i32.const 3)))
                  (f64.load (i32.add (local.get $keys) (i32.shl (local.get $class) (i32.const 3)))))
                ;; Its mask from its byte of each plane, written out here and in the loop below
                ;; alike: a function called for it cost Bulls and Cows' proof a tenth more.
                (local.set $byte (i32.add (local.get $at) (local.get $j)))
                (local.set $mask
                  (i32.or (i32.load8_u (local.get $byte))
                    (i32.shl
                      (i32.load8_u (i32.add (local.get $byte) (local.get $stride)))
                      (i32.const 8))))
                (if (i32.eq (local.get $planeCount) (i32.const 4))
                  (then
                    (local.set $mask
                      (i32.or (local.get $mask)
                        (i32.or
                          (i32.shl
                            (i32.load8_u
                              (i32.add (local.get $byte) (i32.shl (local.get $stride) (i32.const 1))))
                            (i32.const 16))
                          (i32.shl
                            (i32.load8_u
                              (i32.add (local.get $byte) (i32.mul (local.get $stride) (i32.const 3))))
                            (i32.const 24)))))))
                (i32.store
                  (i32.add (local.get $outMasks) (i32.shl (local.get $written) (i32.const 2)))
                  (local.get $mask))
                (local.set $written (i32.add (local.get $written) (i32.const 1)))
                (br $lanes)))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $blocks)))
        (local.set $wide
          (i8x16.max_u (local.get $wide)
            (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
              (local.get $wide) (local.get $wide))))
        (local.set $wide
          (i8x16.max_u (local.get $wide)
            (i8x16.shuffle 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3
              (local.get $wide) (local.get $wide))))
        (local.set $wide
          (i8x16.max_u (local.get $wide)
            (i8x16.shuffle 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1
              (local.get $wide) (local.get $wide))))
        (local.set $wide
          (i8x16.max_u (local.get $wide)
            (i8x16.shuffle 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0
              (local.get $wide) (local.get $wide))))
        (local.set $widest (i8x16.extract_lane_u 0 (local.get $wide)))))
    ;; A list of guesses, or the codes after the last whole 16.
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $guess
          (if (result i32) (local.get $all)
            (then (local.get $i))
            (else (i32.load (i32.add (local.get $guesses) (i32.shl (local.get $i) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $at (i32.add (local.get $planes) (local.get $guess)))
        (local.set $mask
          (i32.or (i32.load8_u (local.get $at))
            (i32.shl (i32.load8_u (i32.add (local.get $at) (local.get $stride))) (i32.const 8))))
        (if (i32.eq (local.get $planeCount) (i32.const 4))
          (then
            (local.set $mask
              (i32.or (local.get $mask)
                (i32.or
                  (i32.shl
                    (i32.load8_u
                      (i32.add (local.get $at) (i32.shl (local.get $stride) (i32.const 1))))
                    (i32.const 16))
                  (i32.shl
                    (i32.load8_u
                      (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 3))))
                    (i32.const 24)))))))
        (local.set $k (i32.popcnt (i32.and (local.get $mask) (local.get $others))))
        (if (i32.gt_u (local.get $k) (local.get $widest)) (then (local.set $widest (local.get $k))))
        (local.set $class
          (i32.or (i32.shl (i32.popcnt (local.get $mask)) (i32.const 1))
            (i32.and (i32.shr_u (local.get $mask) (local.get $solved)) (i32.const 1))))
        (i32.store8 (i32.add (local.get $seen) (local.get $class)) (i32.const 1))
        (local.set $key
          (f64.load (i32.add (local.get $keys) (i32.shl (local.get $class) (i32.const 3)))))
        (br_if $each (f64.eq (local.get $key) (f64.const inf)))
        (i32.store
          (i32.add (local.get $outGuesses) (i32.shl (local.get $written) (i32.const 2)))
          (local.get $guess))
        (f64.store
          (i32.add (local.get $outKeys) (i32.shl (local.get $written) (i32.const 3)))
          (local.get $key))
        (i32.store
          (i32.add (local.get $outMasks) (i32.shl (local.get $written) (i32.const 2)))
          (local.get $mask))
        (local.set $written (i32.add (local.get $written) (i32.const 1)))
        (br $each)))
    (i32.store offset=8 (global.get $base) (local.get $widest))
    (local.get $written))

  ;; The second pass, for nodes of more than P candidates (the game's P): each of the `written`
  ;; guesses `classify` kept whose classes may exceed P (n − (answers − 1) secrets at most in
  ;; one) gets its exact bound from its classes' sizes, as the streaming kernel's: n +
  ;; Σ_a total[c_a] over the classes but all hits, depth bound 1 + the most of depths[c_a]. The
  ;; tables are by size, from 0 to n (`total` f64, `depths` a byte each), and for the answers of
  ;; `narrowMask` (a bit each) `totalNarrow` and `depthsNarrow`. A guess that cannot keep to
  ;; `depth` is dropped, one whose bound reaches `limit` left out. Keeps the others in place, in
  ;; order; leaves at $base the least packed bound of those left out. Returns how many it
  ;; kept.
  (func (export "settle")
    (param $outGuesses i32) (param $outKeys i32) (param $outMasks i32) (param $written i32)
    (param $P i32) (param $total i32) (param $depths i32) (param $narrowMask i32)
    (param $totalNarrow i32) (param $depthsNarrow i32) (param $solved i32) (param $depth i32)
    (param $limit f64) (param $rows i32) (param $n i32) (param $counts i32)
    (result i32)
    (local $i i32) (local $guess i32) (local $mask i32) (local $key f64) (local $kept i32)
    (local $left i32) (local $a i32) (local $c i32) (local $sum f64) (local $d i32)
    (local $deepest i32) (local $packed f64) (local $skipped f64) (local $others i32)
    (local.set $skipped (f64.const inf))
    (local.set $others (i32.xor (i32.shl (i32.const 1) (local.get $solved)) (i32.const -1)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $written)))
        (local.set $guess
          (i32.load (i32.add (local.get $outGuesses) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $key
          (f64.load (i32.add (local.get $outKeys) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $mask
          (i32.load (i32.add (local.get $outMasks) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (i32.gt_s
              (i32.sub (i32.add (local.get $n) (i32.const 1)) (i32.popcnt (local.get $mask)))
              (local.get $P))
          (then
            (call $classes (local.get $rows) (local.get $n) (local.get $guess) (local.get $counts))
            (local.set $sum (f64.convert_i32_u (local.get $n)))
            (local.set $deepest (i32.const 1))
            ;; The answers the guess gets, but all hits, one bit at a time.
            (local.set $left (i32.and (local.get $mask) (local.get $others)))
            (block $answered
              (loop $answer
                (br_if $answered (i32.eqz (local.get $left)))
                (local.set $a (i32.ctz (local.get $left)))
                (local.set $left
                  (i32.and (local.get $left) (i32.sub (local.get $left) (i32.const 1))))
                (local.set $c
                  (i32.load (i32.add (local.get $counts) (i32.shl (local.get $a) (i32.const 2)))))
                (if (i32.and (i32.shr_u (local.get $narrowMask) (local.get $a)) (i32.const 1))
                  (then
                    (local.set $sum
                      (f64.add (local.get $sum)
                        (f64.load
                          (i32.add (local.get $totalNarrow) (i32.shl (local.get $c) (i32.const 3))))))
                    (local.set $d (i32.load8_u (i32.add (local.get $depthsNarrow) (local.get $c)))))
                  (else
                    (local.set $sum
                      (f64.add (local.get $sum)
                        (f64.load (i32.add (local.get $total) (i32.shl (local.get $c) (i32.const 3))))))
                    (local.set $d (i32.load8_u (i32.add (local.get $depths) (local.get $c))))))
                (if (i32.gt_u (local.get $d) (local.get $deepest))
                  (then (local.set $deepest (local.get $d))))
                (br $answer)))
            (local.set $deepest (i32.add (local.get $deepest) (i32.const 1)))
            (br_if $each (i32.gt_u (local.get $deepest) (local.get $depth)))
            (local.set $packed
              (f64.add (f64.mul (local.get $sum) (f64.const 256))
                (f64.convert_i32_u (local.get $deepest))))
            (if (f64.ge (local.get $packed) (local.get $limit))
              (then
                (local.set $skipped (f64.min (local.get $skipped) (local.get $packed)))
                (br $each)))
            (local.set $key
              (f64.add (f64.mul (local.get $packed) (f64.const 2))
                (f64.convert_i32_u
                  (i32.xor (i32.and (i32.shr_u (local.get $mask) (local.get $solved)) (i32.const 1))
                    (i32.const 1)))))))
        (i32.store
          (i32.add (local.get $outGuesses) (i32.shl (local.get $kept) (i32.const 2)))
          (local.get $guess))
        (f64.store
          (i32.add (local.get $outKeys) (i32.shl (local.get $kept) (i32.const 3)))
          (local.get $key))
        (local.set $kept (i32.add (local.get $kept) (i32.const 1)))
        (br $each)))
    (f64.store (global.get $base) (local.get $skipped))
    (local.get $kept))

  ;; Counts at `counts` (an i32 per answer, 32 of them) the classes `guess` makes of the `n`
  ;; candidates whose row addresses are at `rows` (as `gather` read them). The table is
  ;; symmetric, so the candidates' rows hold the guess's answers too, and `gather` has just
  ;; brought them into the cache: reading the guess's own row would miss it at every read.
  (func $classes (param $rows i32) (param $n i32) (param $guess i32) (param $counts i32)
    (local $row i32) (local $end i32) (local $at i32)
    (v128.store offset=0 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=16 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=32 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=48 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=64 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=80 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=96 (local.get $counts) (v128.const i64x2 0 0))
    (v128.store offset=112 (local.get $counts) (v128.const i64x2 0 0))
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $at
          (i32.add (local.get $counts)
            (i32.shl
              (i32.load8_u (i32.add (i32.load (local.get $row)) (local.get $guess)))
              (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $row (i32.add (local.get $row) (i32.const 4)))
        (br $each))))

  ;; For the larger nodes: per code and answer, how many candidates give it (16-bit counters,
  ;; `2^shift` a code, at `counts`), streaming each candidate's row of the table.
  (func (export "count")
    (param $rows i32) (param $n i32) (param $size i32) (param $shift i32) (param $counts i32)
    (local $row i32) (local $end i32) (local $code i32) (local $at i32) (local $base i32)
    (memory.fill (local.get $counts) (i32.const 0)
      (i32.shl (local.get $size) (i32.add (local.get $shift) (i32.const 1))))
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $eachRow
        (br_if $done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $base (i32.load (local.get $row)))
        (local.set $code (i32.const 0))
        (block $rowDone
          (loop $eachCode
            (br_if $rowDone (i32.ge_u (local.get $code) (local.get $size)))
            (local.set $at
              (i32.add (local.get $counts)
                (i32.shl
                  (i32.or (i32.shl (local.get $code) (local.get $shift))
                    (i32.load8_u (i32.add (local.get $base) (local.get $code))))
                  (i32.const 1))))
            (i32.store16 (local.get $at) (i32.add (i32.load16_u (local.get $at)) (i32.const 1)))
            (local.set $code (i32.add (local.get $code) (i32.const 1)))
            (br $eachCode)))
        (local.set $row (i32.add (local.get $row) (i32.const 4)))
        (br $eachRow))))

  ;; For a node whose guesses are few against the codes (early in a proof, where the symmetry
  ;; leaves few to try): per guess of the `count` at `guesses`, its counters (16 bits, `2^shift`
  ;; a code, at `counts`) set to zero, then how many of the `n` candidates at `codes` give each
  ;; answer, read off the guess's own row of the table (`table`, rows `stride` apart: the table
  ;; is symmetric). A guess given twice is counted afresh the second time, so counted once.
  (func (export "countEach")
    (param $table i32) (param $stride i32) (param $codes i32) (param $n i32) (param $guesses i32)
    (param $count i32) (param $shift i32) (param $counts i32)
    (local $g i32) (local $gEnd i32) (local $guess i32) (local $row i32) (local $base i32)
    (local $code i32) (local $end i32) (local $at i32)
    (local.set $g (local.get $guesses))
    (local.set $gEnd (i32.add (local.get $guesses) (i32.shl (local.get $count) (i32.const 2))))
    (local.set $end (i32.add (local.get $codes) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $eachGuess
        (br_if $done (i32.ge_u (local.get $g) (local.get $gEnd)))
        (local.set $guess (i32.load (local.get $g)))
        (local.set $row (i32.add (local.get $table) (i32.mul (local.get $guess) (local.get $stride))))
        (local.set $base
          (i32.add (local.get $counts)
            (i32.shl (i32.shl (local.get $guess) (local.get $shift)) (i32.const 1))))
        (memory.fill (local.get $base) (i32.const 0) (i32.shl (i32.const 2) (local.get $shift)))
        (local.set $code (local.get $codes))
        (block $codesDone
          (loop $eachCode
            (br_if $codesDone (i32.ge_u (local.get $code) (local.get $end)))
            (local.set $at
              (i32.add (local.get $base)
                (i32.shl
                  (i32.load8_u (i32.add (local.get $row) (i32.load (local.get $code))))
                  (i32.const 1))))
            (i32.store16 (local.get $at) (i32.add (i32.load16_u (local.get $at)) (i32.const 1)))
            (local.set $code (i32.add (local.get $code) (i32.const 4)))
            (br $eachCode)))
        (local.set $g (i32.add (local.get $g) (i32.const 4)))
        (br $eachGuess))))

  ;; Early counting's sample in SIMD: for each block of 16 codes and each answer of `checked`
  ;; (`nChecked` bytes, a multiple of 4; an answer of 255 matches nothing), counts over the first
  ;; `m` candidates (m ≤ 255: 8-bit counts), whose rows' addresses are at `rows`, how many give
  ;; each code that answer, and marks at `dead` (a byte per code, 255 for dead) the codes for
  ;; which some count exceeds the cap at the same place of `checkedCaps`. The rows are read 16
  ;; codes at a time, four answers per read; `size` rounded up to 16 codes are marked.
  (func (export "sampleKill")
    (param $rows i32) (param $m i32) (param $size i32) (param $checked i32)
    (param $checkedCaps i32) (param $nChecked i32) (param $dead i32)
    (local $block i32) (local $k i32) (local $row i32) (local $end i32) (local $v v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128)
    (local $n0 v128) (local $n1 v128) (local $n2 v128) (local $n3 v128)
    (local $out v128)
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $m) (i32.const 2))))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $block) (local.get $size)))
        (local.set $out (v128.const i64x2 0 0))
        (local.set $k (i32.const 0))
        (block $groupsDone
          (loop $groups
            (br_if $groupsDone (i32.ge_u (local.get $k) (local.get $nChecked)))
            (local.set $a0 (i8x16.splat (i32.load8_u (i32.add (local.get $checked) (local.get $k)))))
            (local.set $a1 (i8x16.splat (i32.load8_u offset=1 (i32.add (local.get $checked) (local.get $k)))))
            (local.set $a2 (i8x16.splat (i32.load8_u offset=2 (i32.add (local.get $checked) (local.get $k)))))
            (local.set $a3 (i8x16.splat (i32.load8_u offset=3 (i32.add (local.get $checked) (local.get $k)))))
            (local.set $n0 (v128.const i64x2 0 0))
            (local.set $n1 (v128.const i64x2 0 0))
            (local.set $n2 (v128.const i64x2 0 0))
            (local.set $n3 (v128.const i64x2 0 0))
            (local.set $row (local.get $rows))
            (block $rowsDone
              (loop $eachRow
                (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $end)))
                (local.set $v
                  (v128.load (i32.add (i32.load (local.get $row)) (local.get $block))))
                ;; A match is all ones (−1): subtracting it counts one.
                (local.set $n0 (i8x16.sub (local.get $n0) (i8x16.eq (local.get $v) (local.get $a0))))
                (local.set $n1 (i8x16.sub (local.get $n1) (i8x16.eq (local.get $v) (local.get $a1))))
                (local.set $n2 (i8x16.sub (local.get $n2) (i8x16.eq (local.get $v) (local.get $a2))))
                (local.set $n3 (i8x16.sub (local.get $n3) (i8x16.eq (local.get $v) (local.get $a3))))
                (local.set $row (i32.add (local.get $row) (i32.const 4)))
                (br $eachRow)))
            (local.set $c0 (i8x16.splat (i32.load8_u (i32.add (local.get $checkedCaps) (local.get $k)))))
            (local.set $c1 (i8x16.splat (i32.load8_u offset=1 (i32.add (local.get $checkedCaps) (local.get $k)))))
            (local.set $c2 (i8x16.splat (i32.load8_u offset=2 (i32.add (local.get $checkedCaps) (local.get $k)))))
            (local.set $c3 (i8x16.splat (i32.load8_u offset=3 (i32.add (local.get $checkedCaps) (local.get $k)))))
            (local.set $out
              (v128.or (local.get $out)
                (v128.or
                  (v128.or (i8x16.gt_u (local.get $n0) (local.get $c0))
                    (i8x16.gt_u (local.get $n1) (local.get $c1)))
                  (v128.or (i8x16.gt_u (local.get $n2) (local.get $c2))
                    (i8x16.gt_u (local.get $n3) (local.get $c3))))))
            ;; All 16 codes dead already: the block's other answers need not be counted.
            (br_if $groupsDone (i8x16.all_true (local.get $out)))
            (local.set $k (i32.add (local.get $k) (i32.const 4)))
            (br $groups)))
        (v128.store (i32.add (local.get $dead) (local.get $block)) (local.get $out))
        (local.set $block (i32.add (local.get $block) (i32.const 16)))
        (br $blocks))))

  ;; Early counting: the guesses (`count` of them at `guesses`, or every code below `count` when
  ;; `all`) not marked dead (255) at `dead` (a byte per code), written to `out` in order, each
  ;; once (a guess taken is marked 1), their counters at `counts` (16 bits, `2^shift` a code)
  ;; set to zero. Returns how many it wrote.
  (func (export "alive")
    (param $dead i32) (param $guesses i32) (param $count i32) (param $all i32) (param $shift i32)
    (param $counts i32) (param $out i32)
    (result i32)
    (local $i i32) (local $guess i32) (local $written i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $guess
          (if (result i32) (local.get $all)
            (then (local.get $i))
            (else (i32.load (i32.add (local.get $guesses) (i32.shl (local.get $i) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $each (i32.load8_u (i32.add (local.get $dead) (local.get $guess))))
        (i32.store8 (i32.add (local.get $dead) (local.get $guess)) (i32.const 1))
        (memory.fill
          (i32.add (local.get $counts)
            (i32.shl (i32.shl (local.get $guess) (local.get $shift)) (i32.const 1)))
          (i32.const 0)
          (i32.shl (i32.const 2) (local.get $shift)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $written) (i32.const 2)))
          (local.get $guess))
        (local.set $written (i32.add (local.get $written) (i32.const 1)))
        (br $each)))
    (local.get $written))

  ;; Early counting, the survivors: adds to the counters of the `count` guesses at `guesses` the
  ;; `n` candidates whose rows' addresses are at `rows`.
  (func (export "countMore")
    (param $rows i32) (param $n i32) (param $guesses i32) (param $count i32) (param $shift i32)
    (param $counts i32)
    (local $row i32) (local $end i32) (local $base i32) (local $g i32) (local $gEnd i32)
    (local $guess i32) (local $at i32)
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $gEnd (i32.add (local.get $guesses) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $eachRow
        (br_if $done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $base (i32.load (local.get $row)))
        (local.set $g (local.get $guesses))
        (block $rowDone
          (loop $eachGuess
            (br_if $rowDone (i32.ge_u (local.get $g) (local.get $gEnd)))
            (local.set $guess (i32.load (local.get $g)))
            (local.set $at
              (i32.add (local.get $counts)
                (i32.shl
                  (i32.or (i32.shl (local.get $guess) (local.get $shift))
                    (i32.load8_u (i32.add (local.get $base) (local.get $guess))))
                  (i32.const 1))))
            (i32.store16 (local.get $at) (i32.add (i32.load16_u (local.get $at)) (i32.const 1)))
            (local.set $g (i32.add (local.get $g) (i32.const 4)))
            (br $eachGuess)))
        (local.set $row (i32.add (local.get $row) (i32.const 4)))
        (br $eachRow))))

  ;; The streaming kernel's keys (search/plain-kernel.ts `keys` in TypeScript), from the counters
  ;; `count` left (16 bits, `2^shift` a code, at `counts`), for the guesses (`count` of them at
  ;; `guesses`, or every code below `count` when `all`): n + Σ_a total[c_a] over the classes but
  ;; all hits, depth bound 1 + the most of depths[c_a], the tables by size (f64 and a byte each)
  ;; and for the answers of `narrowMask` `totalNarrow` and `depthsNarrow`. A guess that leaves
  ;; every candidate in one class or cannot keep to `depth` is dropped, one whose bound reaches
  ;; `limit` left out. Writes the guesses kept and their keys out; leaves at $base the least
  ;; packed bound of those left out, at $base + 8 the node's width (the most answers but all hits one
  ;; guess gets). Returns how many it wrote.
  (func (export "keys")
    (param $counts i32) (param $shift i32) (param $guesses i32) (param $count i32) (param $all i32)
    (param $answers i32) (param $solved i32) (param $n i32) (param $total i32) (param $depths i32)
    (param $narrowMask i32) (param $totalNarrow i32) (param $depthsNarrow i32) (param $depth i32)
    (param $limit f64) (param $outGuesses i32) (param $outKeys i32)
    (result i32)
    (local $i i32) (local $guess i32) (local $base i32) (local $a i32) (local $c i32)
    (local $sum f64) (local $d i32) (local $deepest i32) (local $largest i32) (local $classes i32)
    (local $candidate i32) (local $widest i32) (local $packed f64) (local $skipped f64)
    (local $written i32)
    (local.set $skipped (f64.const inf))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $guess
          (if (result i32) (local.get $all)
            (then (local.get $i))
            (else (i32.load (i32.add (local.get $guesses) (i32.shl (local.get $i) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $base
          (i32.add (local.get $counts)
            (i32.shl (local.get $guess) (i32.add (local.get $shift) (i32.const 1)))))
        (local.set $sum (f64.convert_i32_u (local.get $n)))
        (local.set $deepest (i32.const 1))
        (local.set $largest (i32.const 0))
        (local.set $classes (i32.const 0))
        (local.set $a (i32.const 0))
        (loop $answer
          (local.set $c
            (i32.load16_u (i32.add (local.get $base) (i32.shl (local.get $a) (i32.const 1)))))
          (if (local.get $c)
            (then
              (local.set $classes (i32.add (local.get $classes) (i32.const 1)))
              (if (i32.gt_u (local.get $c) (local.get $largest))
                (then (local.set $largest (local.get $c))))
              (if (i32.ne (local.get $a) (local.get $solved))
                (then
                  (if (i32.and (i32.shr_u (local.get $narrowMask) (local.get $a)) (i32.const 1))
                    (then
                      (local.set $sum
                        (f64.add (local.get $sum)
                          (f64.load
                            (i32.add (local.get $totalNarrow) (i32.shl (local.get $c) (i32.const 3))))))
                      (local.set $d (i32.load8_u (i32.add (local.get $depthsNarrow) (local.get $c)))))
                    (else
                      (local.set $sum
                        (f64.add (local.get $sum)
                          (f64.load (i32.add (local.get $total) (i32.shl (local.get $c) (i32.const 3))))))
                      (local.set $d (i32.load8_u (i32.add (local.get $depths) (local.get $c))))))
                  (if (i32.gt_u (local.get $d) (local.get $deepest))
                    (then (local.set $deepest (local.get $d))))))))
          (local.set $a (i32.add (local.get $a) (i32.const 1)))
          (br_if $answer (i32.lt_u (local.get $a) (local.get $answers))))
        (local.set $candidate
          (i32.load16_u (i32.add (local.get $base) (i32.shl (local.get $solved) (i32.const 1)))))
        (if (i32.gt_u (i32.sub (local.get $classes) (local.get $candidate)) (local.get $widest))
          (then (local.set $widest (i32.sub (local.get $classes) (local.get $candidate)))))
        (br_if $each (i32.eq (local.get $largest) (local.get $n)))
        (local.set $deepest (i32.add (local.get $deepest) (i32.const 1)))
        (br_if $each (i32.gt_u (local.get $deepest) (local.get $depth)))
        (local.set $packed
          (f64.add (f64.mul (local.get $sum) (f64.const 256))
            (f64.convert_i32_u (local.get $deepest))))
        (if (f64.ge (local.get $packed) (local.get $limit))
          (then
            (local.set $skipped (f64.min (local.get $skipped) (local.get $packed)))
            (br $each)))
        (i32.store
          (i32.add (local.get $outGuesses) (i32.shl (local.get $written) (i32.const 2)))
          (local.get $guess))
        (f64.store
          (i32.add (local.get $outKeys) (i32.shl (local.get $written) (i32.const 3)))
          (f64.add (f64.mul (local.get $packed) (f64.const 2))
            (f64.convert_i32_u (i32.xor (local.get $candidate) (i32.const 1)))))
        (local.set $written (i32.add (local.get $written) (i32.const 1)))
        (br $each)))
    (f64.store (global.get $base) (local.get $skipped))
    (i32.store offset=8 (global.get $base) (local.get $widest))
    (local.get $written))

  ;; The bound and key of each of the first `classes` classes of guess at a node of `n` candidates
  ;; with `depth` guesses left (class c: c >> 1 answers besides all hits, c & 1 if the guess is a
  ;; candidate; search/ranking.ts `#keysByClass` says why, and is the same in TypeScript), from
  ;; the size bounds `total` (f64 a size) and `depths` (a byte a size) of up to n + 1 secrets:
  ;; the packed bound at `packed` and the key at `keys` (f64 each), infinite where the class
  ;; cannot keep to `depth`, the key also where the bound reaches `limit`.
  (func (export "classKeys")
    (param $n i32) (param $depth i32) (param $limit f64) (param $classes i32)
    (param $total i32) (param $depths i32) (param $keys i32) (param $packed i32)
    (local $c i32) (local $s i32) (local $k i32) (local $left i32) (local $over i32)
    (local $part i32) (local $deepest i32) (local $bound f64) (local $larger f64)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $c) (local.get $classes)))
        (local.set $s (i32.and (local.get $c) (i32.const 1)))
        (local.set $k (i32.sub (i32.shr_u (local.get $c) (i32.const 1)) (local.get $s)))
        (local.set $left (i32.sub (local.get $n) (local.get $s)))
        ;; The n − s secrets in k parts as even as they can be: `over` of part + 1, the rest of
        ;; `part`.
        (if (i32.gt_s (local.get $k) (i32.const 0))
          (then
            (local.set $over (i32.rem_u (local.get $left) (local.get $k)))
            (local.set $part (i32.div_u (local.get $left) (local.get $k))))
          (else
            (local.set $over (local.get $left))
            (local.set $part (i32.const 0))))
        (local.set $deepest
          (i32.add
            (i32.load8_u
              (i32.add (local.get $depths)
                (i32.add (local.get $part) (i32.gt_s (local.get $over) (i32.const 0)))))
            (i32.const 1)))
        (if (i32.lt_u (local.get $deepest) (i32.const 2)) (then (local.set $deepest (i32.const 2))))
        (local.set $bound (f64.const inf))
        (if (i32.and
              (i32.and
                (i32.ge_s (local.get $k) (i32.const 0))
                (i32.or (local.get $s) (i32.gt_s (local.get $k) (i32.const 1))))
              (i32.le_u (local.get $deepest) (local.get $depth)))
          (then
            (local.set $larger (f64.const 0))
            (if (i32.gt_s (local.get $over) (i32.const 0))
              (then
                (local.set $larger
                  (f64.mul (f64.convert_i32_s (local.get $over))
                    (f64.load
                      (i32.add (local.get $total)
                        (i32.shl (i32.add (local.get $part) (i32.const 1)) (i32.const 3))))))))
            (local.set $bound
              (f64.add
                (f64.mul
                  (f64.add
                    (f64.add (f64.convert_i32_s (local.get $n)) (local.get $larger))
                    (f64.mul (f64.convert_i32_s (i32.sub (local.get $k) (local.get $over)))
                      (f64.load
                        (i32.add (local.get $total) (i32.shl (local.get $part) (i32.const 3))))))
                  (f64.const 256))
                (f64.convert_i32_s (local.get $deepest))))))
        (f64.store (i32.add (local.get $packed) (i32.shl (local.get $c) (i32.const 3)))
          (local.get $bound))
        (f64.store (i32.add (local.get $keys) (i32.shl (local.get $c) (i32.const 3)))
          (if (result f64) (f64.lt (local.get $bound) (local.get $limit))
            (then
              (f64.sub
                (f64.add (f64.mul (local.get $bound) (f64.const 2)) (f64.const 1))
                (f64.convert_i32_s (local.get $s))))
            (else (f64.const inf))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $each))))

  ;; The least of the bounds at `packed` (f64 each) of the first `classes` classes of guess that
  ;; are at or above `limit` and marked at `seen` (a byte each: the classes the node's guesses
  ;; are in); infinity if none is.
  (func (export "leastSkipped")
    (param $seen i32) (param $packed i32) (param $classes i32) (param $limit f64) (result f64)
    (local $c i32) (local $bound f64) (local $least f64)
    (local.set $least (f64.const inf))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $c) (local.get $classes)))
        (if (i32.load8_u (i32.add (local.get $seen) (local.get $c)))
          (then
            (local.set $bound
              (f64.load (i32.add (local.get $packed) (i32.shl (local.get $c) (i32.const 3)))))
            (if (f64.ge (local.get $bound) (local.get $limit))
              (then (local.set $least (f64.min (local.get $least) (local.get $bound)))))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $each)))
    (local.get $least))

  ;; The addresses of the rows of the `n` codes at `codes` (i32 each) in the table at `table`,
  ;; `stride` bytes a row, at `rows` (i32 each).
  (func (export "rows")
    (param $codes i32) (param $n i32) (param $table i32) (param $stride i32) (param $rows i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $codes) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $codes) (local.get $end)))
        (i32.store (local.get $rows)
          (i32.add (local.get $table)
            (i32.mul (i32.load (local.get $codes)) (local.get $stride))))
        (local.set $codes (i32.add (local.get $codes) (i32.const 4)))
        (local.set $rows (i32.add (local.get $rows) (i32.const 4)))
        (br $each))))

  ;; The least of the `count` keys at `keys` (f64 each); infinity if there are none.
  (func (export "least") (param $keys i32) (param $count i32) (result f64)
    (local $end i32) (local $least f64)
    (local.set $least (f64.const inf))
    (local.set $end (i32.add (local.get $keys) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $keys) (local.get $end)))
        (local.set $least (f64.min (local.get $least) (f64.load (local.get $keys))))
        (local.set $keys (i32.add (local.get $keys) (i32.const 8)))
        (br $each)))
    (local.get $least))

  ;; The places, in increasing order, of the least of the `live` keys at `keys` (f64 each, at
  ;; least one) and of every key equal to it, at `batch` (i32 each); returns how many.
  (func (export "batch") (param $keys i32) (param $live i32) (param $batch i32) (result i32)
    (local $i i32) (local $ties i32) (local $key f64) (local $k f64)
    (local.set $key (f64.load (local.get $keys)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $live)))
        (local.set $k
          (f64.load (i32.add (local.get $keys) (i32.shl (local.get $i) (i32.const 3)))))
        (if (f64.lt (local.get $k) (local.get $key))
          (then
            (local.set $key (local.get $k))
            (local.set $ties (i32.const 0))))
        (if (f64.eq (local.get $k) (local.get $key))
          (then
            (i32.store
              (i32.add (local.get $batch) (i32.shl (local.get $ties) (i32.const 2)))
              (local.get $i))
            (local.set $ties (i32.add (local.get $ties) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $ties))

  ;; The first of the `n` candidates (code indices at `codes`) whose answers split the others
  ;; apart, each candidate a different answer (at most 32 answers: a bit each); −1 if none.
  ;; Rows of the table are `stride` bytes from `table`. A candidate fails at its first repeated
  ;; answer, usually within a few.
  (func (export "perfect")
    (param $codes i32) (param $n i32) (param $table i32) (param $stride i32) (result i32)
    (local $i i32) (local $j i32) (local $row i32) (local $seen i32) (local $bit i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $codes) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $i (local.get $codes))
    (block $none
      (loop $each
        (br_if $none (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $row
          (i32.add (local.get $table) (i32.mul (i32.load (local.get $i)) (local.get $stride))))
        (local.set $seen (i32.const 0))
        (local.set $j (local.get $codes))
        (block $failed
          (loop $other
            (if (i32.ge_u (local.get $j) (local.get $end))
              (then (return (i32.load (local.get $i)))))
            (local.set $bit
              (i32.shl (i32.const 1)
                (i32.load8_u (i32.add (local.get $row) (i32.load (local.get $j))))))
            (br_if $failed (i32.and (local.get $seen) (local.get $bit)))
            (local.set $seen (i32.or (local.get $seen) (local.get $bit)))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $other)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $each)))
    (i32.const -1))

  ;; After `gather`: the codes by how many answers each gets (the bits of its planes), those with
  ;; the most first and, of those alike, in code order, at `byCount` (i32 each), and at `atLeast`
  ;; how many get k answers or more, for k = 0 … 33 (i32 each). `next` has room for 33 i32, and
  ;; `counts` for `size` bytes.
  (func (export "answerOrder")
    (param $planes i32) (param $stride i32) (param $planeCount i32) (param $size i32)
    (param $counts i32) (param $atLeast i32) (param $next i32) (param $byCount i32)
    (local $g i32) (local $mask i32) (local $k i32) (local $at i32)
    (memory.fill (local.get $atLeast) (i32.const 0) (i32.const 136))
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_u (local.get $g) (local.get $size)))
        (local.set $at (i32.add (local.get $planes) (local.get $g)))
        (local.set $mask
          (i32.or (i32.load8_u (local.get $at))
            (i32.shl (i32.load8_u (i32.add (local.get $at) (local.get $stride))) (i32.const 8))))
        (if (i32.eq (local.get $planeCount) (i32.const 4))
          (then
            (local.set $mask
              (i32.or (local.get $mask)
                (i32.or
                  (i32.shl
                    (i32.load8_u
                      (i32.add (local.get $at) (i32.shl (local.get $stride) (i32.const 1))))
                    (i32.const 16))
                  (i32.shl
                    (i32.load8_u
                      (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 3))))
                    (i32.const 24)))))))
        (local.set $k (i32.popcnt (local.get $mask)))
        (i32.store8 (i32.add (local.get $counts) (local.get $g)) (local.get $k))
        (local.set $at (i32.add (local.get $atLeast) (i32.shl (local.get $k) (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $count)))
    ;; Summed from the most answers down; codes with exactly k go from atLeast[k + 1] on.
    (local.set $k (i32.const 32))
    (block $summed
      (loop $sum
        (local.set $at (i32.add (local.get $atLeast) (i32.shl (local.get $k) (i32.const 2))))
        (i32.store (local.get $at)
          (i32.add (i32.load (local.get $at)) (i32.load offset=4 (local.get $at))))
        (i32.store (i32.add (local.get $next) (i32.shl (local.get $k) (i32.const 2)))
          (i32.load offset=4 (local.get $at)))
        (br_if $summed (i32.eqz (local.get $k)))
        (local.set $k (i32.sub (local.get $k) (i32.const 1)))
        (br $sum)))
    (local.set $g (i32.const 0))
    (block $placed
      (loop $place
        (br_if $placed (i32.ge_u (local.get $g) (local.get $size)))
        (local.set $at
          (i32.add (local.get $next)
            (i32.shl (i32.load8_u (i32.add (local.get $counts) (local.get $g))) (i32.const 2))))
        (i32.store
          (i32.add (local.get $byCount) (i32.shl (i32.load (local.get $at)) (i32.const 2)))
          (local.get $g))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $place))))

  ;; The first of the `live` codes at `order` (i32 each, in their order) whose answers split the
  ;; `n` candidates (the addresses of their rows at `rows`) apart, each a different answer (at
  ;; most 32 answers: a bit each); −1 if none. Code by code, its answers read candidate by
  ;; candidate until one repeats (most codes repeat within a few): nothing is written, so the
  ;; order `answerOrder` left serves every class of its node.
  (func (export "splitter")
    (param $rows i32) (param $n i32) (param $order i32) (param $live i32)
    (result i32)
    (local $end i32) (local $next i32) (local $last i32)
    (local $code i32) (local $bit i32) (local $mask i32)
    (local.set $end (i32.add (local.get $rows) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $last (i32.add (local.get $order) (i32.shl (local.get $live) (i32.const 2))))
    (block $none
      (loop $eachCode
        (br_if $none (i32.ge_u (local.get $order) (local.get $last)))
        (local.set $code (i32.load (local.get $order)))
        (local.set $order (i32.add (local.get $order) (i32.const 4)))
        (local.set $mask (i32.const 0))
        (local.set $next (local.get $rows))
        (loop $eachRow
          (if (i32.ge_u (local.get $next) (local.get $end))
            (then (return (local.get $code))))
          (local.set $bit
            (i32.shl (i32.const 1)
              (i32.load8_u (i32.add (i32.load (local.get $next)) (local.get $code)))))
          (br_if $eachCode (i32.and (local.get $mask) (local.get $bit)))
          (local.set $mask (i32.or (local.get $mask) (local.get $bit)))
          (local.set $next (i32.add (local.get $next) (i32.const 4)))
          (br $eachRow))))
    (i32.const -1))

  ;; The largest class of the `n` candidates (code indices at `codes`) by their answers to
  ;; `guess`, all hits aside, if it has more than 2: its members, in the candidates' order, at
  ;; `out` (i32 each), and their number returned; of classes alike in size, the first answer's.
  ;; 0 if none has more than 2. The answers are read down the guess's column of the candidates'
  ;; rows (`stride` bytes each from `table`; the table is symmetric), rows the node's ranking has
  ;; just streamed, not along the guess's own row, rarely in cache in a large game. `counts` has
  ;; room for `answers` counts.
  (func (export "largest")
    (param $codes i32) (param $n i32) (param $guess i32) (param $table i32) (param $stride i32)
    (param $answers i32) (param $solved i32) (param $counts i32) (param $out i32) (result i32)
    (local $j i32) (local $end i32) (local $at i32) (local $a i32) (local $size i32)
    (local $best i32) (local $code i32) (local $column i32)
    (memory.fill (local.get $counts) (i32.const 0) (i32.shl (local.get $answers) (i32.const 2)))
    (local.set $end (i32.add (local.get $codes) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $column (i32.add (local.get $table) (local.get $guess)))
    (local.set $j (local.get $codes))
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $at
          (i32.add (local.get $counts)
            (i32.shl
              (i32.load8_u
                (i32.add (local.get $column)
                  (i32.mul (i32.load (local.get $j)) (local.get $stride))))
              (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $count)))
    (local.set $size (i32.const 2))
    (local.set $best (i32.const -1))
    (block $found
      (loop $each
        (br_if $found (i32.ge_u (local.get $a) (local.get $answers)))
        (if (i32.and
              (i32.ne (local.get $a) (local.get $solved))
              (i32.gt_u
                (i32.load (i32.add (local.get $counts) (i32.shl (local.get $a) (i32.const 2))))
                (local.get $size)))
          (then
            (local.set $best (local.get $a))
            (local.set $size
              (i32.load (i32.add (local.get $counts) (i32.shl (local.get $a) (i32.const 2)))))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $each)))
    (if (i32.lt_s (local.get $best) (i32.const 0)) (then (return (i32.const 0))))
    (local.set $at (local.get $out))
    (local.set $j (local.get $codes))
    (block $gathered
      (loop $gather
        (br_if $gathered (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $code (i32.load (local.get $j)))
        (if (i32.eq
              (i32.load8_u
                (i32.add (local.get $column) (i32.mul (local.get $code) (local.get $stride))))
              (local.get $best))
          (then
            (i32.store (local.get $at) (local.get $code))
            (local.set $at (i32.add (local.get $at) (i32.const 4)))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $gather)))
    (local.get $size))

  ;; Groups the `n` candidates (at `codes`) by their answers to the guess whose row is at `row`:
  ;; class a, in the candidates' order, at out[start[a]] … out[start[a + 1] − 1] (i32 each;
  ;; `start` has `answers` + 1 entries, `next` `answers`).
  (func (export "split")
    (param $row i32) (param $codes i32) (param $n i32) (param $answers i32) (param $start i32)
    (param $next i32) (param $out i32)
    (local $j i32) (local $end i32) (local $at i32) (local $a i32) (local $sum i32)
    (memory.fill (local.get $start) (i32.const 0)
      (i32.shl (i32.add (local.get $answers) (i32.const 1)) (i32.const 2)))
    (local.set $end (i32.add (local.get $codes) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $j (local.get $codes))
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $at
          (i32.add (local.get $start)
            (i32.shl
              (i32.add (i32.load8_u (i32.add (local.get $row) (i32.load (local.get $j))))
                (i32.const 1))
              (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $count)))
    (block $summed
      (loop $sum
        (br_if $summed (i32.ge_u (local.get $a) (local.get $answers)))
        (local.set $at (i32.add (local.get $start) (i32.shl (local.get $a) (i32.const 2))))
        (local.set $sum (i32.add (local.get $sum) (i32.load (i32.add (local.get $at) (i32.const 4)))))
        (i32.store (i32.add (local.get $at) (i32.const 4)) (local.get $sum))
        (i32.store (i32.add (local.get $next) (i32.shl (local.get $a) (i32.const 2)))
          (i32.load (local.get $at)))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $sum)))
    (local.set $j (local.get $codes))
    (block $grouped
      (loop $group
        (br_if $grouped (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $at
          (i32.add (local.get $next)
            (i32.shl (i32.load8_u (i32.add (local.get $row) (i32.load (local.get $j))))
              (i32.const 2))))
        (i32.store
          (i32.add (local.get $out) (i32.shl (i32.load (local.get $at)) (i32.const 2)))
          (i32.load (local.get $j)))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $group))))
)
