;; The pair search of the static search (search/static-pairs.ts) in WebAssembly with 128-bit SIMD:
;; the same loop as `PairSearch.find` there, which it must agree with exactly, pair for pair.
;; static-pairs-kernel.ts lays the memory out and writes each node's lists before `find`.
;;
;; The memory holds: the answer table (a byte per guess and secret, rows of n); the node's viable
;; guesses, its confused secrets and each one's class × answers (i32 each); the head's answers
;; (a row of `stride` bytes per head secret, one byte per viable guess, 0 past the last); the
;; rows of bits of head pairs (`rowWords` words each, a bit per viable guess: whether its answers
;; tell the two apart), with per pair (a × 32 + b) a stamp and the address of its row; the rows a
;; first guess must AND (`together`); the marks of the head's parts (stamp and first × 64 + last
;; per class and answer); and the marks of the full check (a stamp per class and two answers).
;; Stamps run up to 0x3fffffff, past which their marks are cleared, as in TypeScript.
(module
  ;; Whether the set of the node's guesses with viable guess `i` added is canonical: 1 or 0.
  (import "env" "canonical" (func $canonical (param i32) (result i32)))
  (memory (export "memory") 1)

  (global $n (mut i32) (i32.const 0))
  (global $answers (mut i32) (i32.const 0))
  (global $table (mut i32) (i32.const 0))
  (global $viable (mut i32) (i32.const 0))
  (global $confused (mut i32) (i32.const 0))
  (global $base (mut i32) (i32.const 0))
  (global $heads (mut i32) (i32.const 0))
  (global $apart (mut i32) (i32.const 0))
  (global $rowStamps (mut i32) (i32.const 0))
  (global $rowAt (mut i32) (i32.const 0))
  (global $together (mut i32) (i32.const 0))
  (global $partStamps (mut i32) (i32.const 0))
  (global $partValues (mut i32) (i32.const 0))
  (global $partCount (mut i32) (i32.const 0))
  (global $marks (mut i32) (i32.const 0))
  (global $markCount (mut i32) (i32.const 0))
  (global $scratch (mut i32) (i32.const 0))
  (global $counts (mut i32) (i32.const 0))
  (global $countStamps (mut i32) (i32.const 0))
  (global $dead (mut i32) (i32.const 0))
  (global $countStamp (mut i32) (i32.const 0))

  (global $rowStamp (mut i32) (i32.const 0))
  (global $partStamp (mut i32) (i32.const 0))
  (global $markStamp (mut i32) (i32.const 0))
  (global $rows (mut i32) (i32.const 0))
  (global $rowWords (mut i32) (i32.const 0))
  (global $stride (mut i32) (i32.const 0))

  ;; Where everything is, once per search; every address 16-byte aligned.
  (func (export "setup")
    (param $n i32) (param $answers i32) (param $table i32) (param $viable i32)
    (param $confused i32) (param $base i32) (param $heads i32) (param $apart i32)
    (param $rowStamps i32) (param $rowAt i32) (param $together i32) (param $partStamps i32)
    (param $partValues i32) (param $partCount i32) (param $marks i32) (param $markCount i32)
    (param $scratch i32) (param $counts i32) (param $countStamps i32) (param $dead i32)
    (global.set $counts (local.get $counts))
    (global.set $countStamps (local.get $countStamps))
    (global.set $dead (local.get $dead))
    (global.set $n (local.get $n))
    (global.set $answers (local.get $answers))
    (global.set $table (local.get $table))
    (global.set $viable (local.get $viable))
    (global.set $confused (local.get $confused))
    (global.set $base (local.get $base))
    (global.set $heads (local.get $heads))
    (global.set $apart (local.get $apart))
    (global.set $rowStamps (local.get $rowStamps))
    (global.set $rowAt (local.get $rowAt))
    (global.set $together (local.get $together))
    (global.set $partStamps (local.get $partStamps))
    (global.set $partValues (local.get $partValues))
    (global.set $partCount (local.get $partCount))
    (global.set $marks (local.get $marks))
    (global.set $markCount (local.get $markCount))
    (global.set $scratch (local.get $scratch)))

  ;; The address of the row of bits of head secrets `a` < `b`, made on its first use at the node:
  ;; 16 viable guesses a step, the bytes of their answers compared.
  (func $rowApart (param $a i32) (param $b i32) (result i32)
    (local $cell i32) (local $start i32) (local $x i32) (local $y i32) (local $at i32)
    (local $end i32)
    (local.set $cell
      (i32.shl (i32.add (i32.shl (local.get $a) (i32.const 5)) (local.get $b)) (i32.const 2)))
    (if (i32.eq (i32.load (i32.add (global.get $rowStamps) (local.get $cell)))
                (global.get $rowStamp))
      (then (return (i32.load (i32.add (global.get $rowAt) (local.get $cell))))))
    (local.set $start
      (i32.add (global.get $apart)
               (i32.shl (i32.mul (global.get $rows) (global.get $rowWords)) (i32.const 2))))
    (global.set $rows (i32.add (global.get $rows) (i32.const 1)))
    (local.set $x (i32.add (global.get $heads) (i32.mul (local.get $a) (global.get $stride))))
    (local.set $y (i32.add (global.get $heads) (i32.mul (local.get $b) (global.get $stride))))
    (local.set $at (local.get $start))
    (local.set $end (i32.add (local.get $start) (i32.shl (global.get $rowWords) (i32.const 2))))
    (loop $step
      (i32.store16 (local.get $at)
        (i8x16.bitmask (i8x16.ne (v128.load (local.get $x)) (v128.load (local.get $y)))))
      (local.set $x (i32.add (local.get $x) (i32.const 16)))
      (local.set $y (i32.add (local.get $y) (i32.const 16)))
      (local.set $at (i32.add (local.get $at) (i32.const 2)))
      (br_if $step (i32.lt_u (local.get $at) (local.get $end))))
    (i32.store (i32.add (global.get $rowStamps) (local.get $cell)) (global.get $rowStamp))
    (i32.store (i32.add (global.get $rowAt) (local.get $cell)) (local.get $start))
    (local.get $start))

  ;; The next stamp of marks at `at` (`count` i32), cleared past the limit.
  (func $nextStamp (param $stamp i32) (param $at i32) (param $count i32) (result i32)
    (local.set $stamp (i32.add (local.get $stamp) (i32.const 1)))
    (if (i32.eq (local.get $stamp) (i32.const 0x3fffffff))
      (then
        (memory.fill (local.get $at) (i32.const 0) (i32.shl (local.get $count) (i32.const 2)))
        (local.set $stamp (i32.const 1))))
    (local.get $stamp))

  ;; Whether viable guesses `i` and `j` tell every confused secret apart (answers `row` and
  ;; `second`, their rows in the table).
  (func $tells (param $row i32) (param $second i32) (param $confusedLength i32) (result i32)
    (local $t i32) (local $s i32) (local $key i32) (local $stamp i32)
    (local.set $stamp
      (call $nextStamp (global.get $markStamp) (global.get $marks) (global.get $markCount)))
    (global.set $markStamp (local.get $stamp))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $t) (local.get $confusedLength)))
        (local.set $s
          (i32.load (i32.add (global.get $confused) (i32.shl (local.get $t) (i32.const 2)))))
        (local.set $key
          (i32.add
            (i32.mul
              (i32.add
                (i32.load (i32.add (global.get $base) (i32.shl (local.get $t) (i32.const 2))))
                (i32.load8_u (i32.add (local.get $row) (local.get $s))))
              (global.get $answers))
            (i32.load8_u (i32.add (local.get $second) (local.get $s)))))
        (local.set $key (i32.add (global.get $marks) (i32.shl (local.get $key) (i32.const 2))))
        (if (i32.eq (i32.load (local.get $key)) (local.get $stamp)) (then (return (i32.const 0))))
        (i32.store (local.get $key) (local.get $stamp))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $each)))
    (i32.const 1))

  ;; The viable-guess filter of static-size.ts: of the `count` guesses at $viable, keeps in order
  ;; those that cut each class of the `hardLength` secrets at $confused (grouped by class, each
  ;; one's class at $base) into parts of at most `limit`; returns how many. A class at a time,
  ;; each read only for the guesses the classes before it kept, along each secret's row.
  (func (export "filter")
    (param $count i32) (param $hardLength i32) (param $limit i32) (result i32)
    (local $first i32) (local $end i32) (local $k i32) (local $i i32) (local $row i32)
    (local $key i32) (local $stamp i32) (local $kept i32) (local $label i32)
    (local $keyStamp i32) (local $value i32)
    (block $done
      (loop $classes
        (br_if $done (i32.ge_u (local.get $first) (local.get $hardLength)))
        (br_if $done (i32.eqz (local.get $count)))
        ;; This class: the secrets from $first with its label.
        (local.set $label
          (i32.load (i32.add (global.get $base) (i32.shl (local.get $first) (i32.const 2)))))
        (local.set $end (i32.add (local.get $first) (i32.const 1)))
        (block $ended
          (loop $members
            (br_if $ended (i32.ge_u (local.get $end) (local.get $hardLength)))
            (br_if $ended
              (i32.ne
                (i32.load (i32.add (global.get $base) (i32.shl (local.get $end) (i32.const 2))))
                (local.get $label)))
            (local.set $end (i32.add (local.get $end) (i32.const 1)))
            (br $members)))
        (local.set $stamp
          (call $nextStamp (global.get $countStamp) (global.get $countStamps)
            (i32.mul (global.get $n) (global.get $answers))))
        (global.set $countStamp (local.get $stamp))
        (local.set $k (local.get $first))
        (block $read
          (loop $secrets
            (br_if $read (i32.ge_u (local.get $k) (local.get $end)))
            (local.set $row
              (i32.add (global.get $table)
                (i32.mul
                  (i32.load (i32.add (global.get $confused) (i32.shl (local.get $k) (i32.const 2))))
                  (global.get $n))))
            (local.set $i (i32.const 0))
            (block $guessed
              (loop $guesses
                (br_if $guessed (i32.ge_u (local.get $i) (local.get $count)))
                (if (i32.eqz (i32.load8_u (i32.add (global.get $dead) (local.get $i))))
                  (then
                    (local.set $key
                      (i32.shl
                        (i32.add (i32.mul (local.get $i) (global.get $answers))
                          (i32.load8_u
                            (i32.add (local.get $row)
                              (i32.load
                                (i32.add (global.get $viable) (i32.shl (local.get $i) (i32.const 2)))))))
                        (i32.const 2)))
                    (local.set $keyStamp (i32.add (global.get $countStamps) (local.get $key)))
                    (local.set $value (i32.const 1))
                    (if (i32.eq (i32.load (local.get $keyStamp)) (local.get $stamp))
                      (then
                        (local.set $value
                          (i32.add (i32.load (i32.add (global.get $counts) (local.get $key)))
                                   (i32.const 1))))
                      (else (i32.store (local.get $keyStamp) (local.get $stamp))))
                    (i32.store (i32.add (global.get $counts) (local.get $key)) (local.get $value))
                    (if (i32.gt_u (local.get $value) (local.get $limit))
                      (then (i32.store8 (i32.add (global.get $dead) (local.get $i)) (i32.const 1))))))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $guesses)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $secrets)))
        ;; The guesses kept, in order; the marks of those dropped cleared for the next class.
        (local.set $kept (i32.const 0))
        (local.set $i (i32.const 0))
        (block $compacted
          (loop $compact
            (br_if $compacted (i32.ge_u (local.get $i) (local.get $count)))
            (if (i32.load8_u (i32.add (global.get $dead) (local.get $i)))
              (then (i32.store8 (i32.add (global.get $dead) (local.get $i)) (i32.const 0)))
              (else
                (i32.store
                  (i32.add (global.get $viable) (i32.shl (local.get $kept) (i32.const 2)))
                  (i32.load (i32.add (global.get $viable) (i32.shl (local.get $i) (i32.const 2)))))
                (local.set $kept (i32.add (local.get $kept) (i32.const 1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $compact)))
        (local.set $count (local.get $kept))
        (local.set $first (local.get $end))
        (br $classes)))
    (local.get $count))

  ;; The pair search at one node over `length` viable guesses and `confusedLength` confused
  ;; secrets, the first `head` of them the head: the first pair found, as i × 65536 + j, or −1.
  (func (export "find")
    (param $length i32) (param $confusedLength i32) (param $head i32) (result i32)
    (local $words i32) (local $quads i32) (local $stride i32)
    (local $i i32) (local $j i32) (local $t i32) (local $key i32) (local $part i32)
    (local $earliest i32) (local $latest i32) (local $left i32) (local $k i32)
    (local $q i32) (local $w i32) (local $bits i32) (local $low i32)
    (local $firstWord i32) (local $lastMask i32) (local $acc v128) (local $row i32)
    (local $rowBytes i32) (local $address i32) (local $scratch i32) (local $cell i32)
    (local.set $words (i32.shr_u (i32.add (local.get $length) (i32.const 31)) (i32.const 5)))
    (local.set $quads (i32.shr_u (i32.add (local.get $words) (i32.const 3)) (i32.const 2)))
    (global.set $rowWords (i32.shl (local.get $quads) (i32.const 2)))
    (local.set $stride (i32.shl (global.get $rowWords) (i32.const 5)))
    (global.set $stride (local.get $stride))
    (local.set $scratch (global.get $scratch))
    ;; The head's answers, guess by guess, and 0 past the last guess.
    (block $gathered
      (loop $guesses
        (br_if $gathered (i32.ge_u (local.get $j) (local.get $length)))
        (local.set $row
          (i32.add (global.get $table)
            (i32.mul
              (i32.load (i32.add (global.get $viable) (i32.shl (local.get $j) (i32.const 2))))
              (global.get $n))))
        (local.set $address (i32.add (global.get $heads) (local.get $j)))
        (local.set $t (i32.const 0))
        (block $heads
          (loop $secrets
            (br_if $heads (i32.ge_u (local.get $t) (local.get $head)))
            (i32.store8 (local.get $address)
              (i32.load8_u (i32.add (local.get $row)
                (i32.load (i32.add (global.get $confused) (i32.shl (local.get $t) (i32.const 2)))))))
            (local.set $address (i32.add (local.get $address) (local.get $stride)))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $secrets)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $guesses)))
    (local.set $t (i32.const 0))
    (block $filled
      (loop $tails
        (br_if $filled (i32.ge_u (local.get $t) (local.get $head)))
        (memory.fill
          (i32.add (i32.add (global.get $heads) (i32.mul (local.get $t) (local.get $stride)))
                   (local.get $length))
          (i32.const 0)
          (i32.sub (local.get $stride) (local.get $length)))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $tails)))
    ;; The last node's rows forgotten.
    (global.set $rowStamp
      (call $nextStamp (global.get $rowStamp) (global.get $rowStamps) (i32.const 1024)))
    (global.set $rows (i32.const 0))
    (local.set $lastMask (i32.const -1))
    (if (i32.and (local.get $length) (i32.const 31))
      (then
        (local.set $lastMask
          (i32.sub (i32.shl (i32.const 1) (i32.and (local.get $length) (i32.const 31)))
                   (i32.const 1)))))
    (local.set $rowBytes (i32.shl (global.get $rowWords) (i32.const 2)))
    (local.set $i (i32.const 0))
    (block $none
      (loop $firsts
        (br_if $none (i32.ge_s (i32.add (local.get $i) (i32.const 1)) (local.get $length)))
        ;; The rows of the head secrets of one class that guess i leaves together, each with the
        ;; first and the last of its part before it.
        (global.set $partStamp
          (call $nextStamp (global.get $partStamp) (global.get $partStamps)
                (global.get $partCount)))
        (local.set $left (i32.const 0))
        (local.set $t (i32.const 0))
        (block $parted
          (loop $head
            (br_if $parted (i32.ge_u (local.get $t) (local.get $head)))
            (local.set $key
              (i32.shl
                (i32.add
                  (i32.load (i32.add (global.get $base) (i32.shl (local.get $t) (i32.const 2))))
                  (i32.load8_u
                    (i32.add (global.get $heads)
                      (i32.add (i32.mul (local.get $t) (local.get $stride)) (local.get $i)))))
                (i32.const 2)))
            (if (i32.eq (i32.load (i32.add (global.get $partStamps) (local.get $key)))
                        (global.get $partStamp))
              (then
                (local.set $part (i32.load (i32.add (global.get $partValues) (local.get $key))))
                (local.set $earliest (i32.shr_u (local.get $part) (i32.const 6)))
                (local.set $latest (i32.and (local.get $part) (i32.const 63)))
                (i32.store
                  (i32.add (global.get $together) (i32.shl (local.get $left) (i32.const 2)))
                  (block (result i32)
                    (local.set $cell
                      (i32.shl (i32.add (i32.shl (local.get $latest) (i32.const 5)) (local.get $t))
                               (i32.const 2)))
                    (if (result i32)
                      (i32.eq (i32.load (i32.add (global.get $rowStamps) (local.get $cell)))
                              (global.get $rowStamp))
                      (then (i32.load (i32.add (global.get $rowAt) (local.get $cell))))
                      (else (call $rowApart (local.get $latest) (local.get $t))))))
                (local.set $left (i32.add (local.get $left) (i32.const 1)))
                (if (i32.ne (local.get $earliest) (local.get $latest))
                  (then
                    (i32.store
                      (i32.add (global.get $together) (i32.shl (local.get $left) (i32.const 2)))
                      (block (result i32)
                    (local.set $cell
                      (i32.shl (i32.add (i32.shl (local.get $earliest) (i32.const 5)) (local.get $t))
                               (i32.const 2)))
                    (if (result i32)
                      (i32.eq (i32.load (i32.add (global.get $rowStamps) (local.get $cell)))
                              (global.get $rowStamp))
                      (then (i32.load (i32.add (global.get $rowAt) (local.get $cell))))
                      (else (call $rowApart (local.get $earliest) (local.get $t))))))
                    (local.set $left (i32.add (local.get $left) (i32.const 1)))))
                (i32.store (i32.add (global.get $partValues) (local.get $key))
                  (i32.or (i32.shl (local.get $earliest) (i32.const 6)) (local.get $t))))
              (else
                (i32.store (i32.add (global.get $partStamps) (local.get $key))
                  (global.get $partStamp))
                (i32.store (i32.add (global.get $partValues) (local.get $key))
                  (i32.or (i32.shl (local.get $t) (i32.const 6)) (local.get $t)))))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $head)))
        (local.set $row
          (i32.add (global.get $table)
            (i32.mul
              (i32.load (i32.add (global.get $viable) (i32.shl (local.get $i) (i32.const 2))))
              (global.get $n))))
        (local.set $firstWord (i32.shr_u (i32.add (local.get $i) (i32.const 1)) (i32.const 5)))
        (local.set $q (i32.shr_u (local.get $firstWord) (i32.const 2)))
        (block $next
          (loop $quad
            (br_if $next (i32.ge_u (local.get $q) (local.get $quads)))
            ;; The second guesses of these 128: after guess i, within the list.
            (local.set $w (i32.shl (local.get $q) (i32.const 2)))
            (local.set $k (i32.const 0))
            (loop $lanes
              (local.set $bits (i32.const -1))
              (if (i32.lt_u (local.get $w) (local.get $firstWord))
                (then (local.set $bits (i32.const 0))))
              (if (i32.eq (local.get $w) (local.get $firstWord))
                (then
                  (local.set $bits
                    (i32.shl (i32.const -1)
                      (i32.and (i32.add (local.get $i) (i32.const 1)) (i32.const 31))))))
              (if (i32.eq (local.get $w) (i32.sub (local.get $words) (i32.const 1)))
                (then (local.set $bits (i32.and (local.get $bits) (local.get $lastMask)))))
              (if (i32.ge_u (local.get $w) (local.get $words))
                (then (local.set $bits (i32.const 0))))
              (i32.store (i32.add (local.get $scratch) (i32.shl (local.get $k) (i32.const 2)))
                (local.get $bits))
              (local.set $w (i32.add (local.get $w) (i32.const 1)))
              (local.set $k (i32.add (local.get $k) (i32.const 1)))
              (br_if $lanes (i32.lt_u (local.get $k) (i32.const 4))))
            (local.set $acc (v128.load (local.get $scratch)))
            (local.set $address (i32.shl (local.get $q) (i32.const 4)))
            (local.set $k (i32.const 0))
            (block $anded
              (loop $and
                (br_if $anded (i32.ge_u (local.get $k) (local.get $left)))
                (br_if $anded (i32.eqz (v128.any_true (local.get $acc))))
                (local.set $acc
                  (v128.and (local.get $acc)
                    (v128.load
                      (i32.add (local.get $address)
                        (i32.load
                          (i32.add (global.get $together) (i32.shl (local.get $k) (i32.const 2))))))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $and)))
            (if (v128.any_true (local.get $acc))
              (then
                (v128.store (local.get $scratch) (local.get $acc))
                (local.set $k (i32.const 0))
                (loop $words
                  (local.set $bits
                    (i32.load (i32.add (local.get $scratch) (i32.shl (local.get $k) (i32.const 2)))))
                  (block $word
                    (loop $seconds
                      (br_if $word (i32.eqz (local.get $bits)))
                      (local.set $low (i32.ctz (local.get $bits)))
                      (local.set $bits
                        (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
                      (local.set $j
                        (i32.add
                          (i32.shl (i32.add (i32.shl (local.get $q) (i32.const 2)) (local.get $k))
                                   (i32.const 5))
                          (local.get $low)))
                      (if (call $tells (local.get $row)
                            (i32.add (global.get $table)
                              (i32.mul
                                (i32.load
                                  (i32.add (global.get $viable) (i32.shl (local.get $j) (i32.const 2))))
                                (global.get $n)))
                            (local.get $confusedLength))
                        (then
                          ;; Taken if the set with guess i is canonical; if not, no pair with it.
                          (br_if $next (i32.eqz (call $canonical (local.get $i))))
                          (return
                            (i32.or (i32.shl (local.get $i) (i32.const 16)) (local.get $j)))))
                      (br $seconds)))
                  (local.set $k (i32.add (local.get $k) (i32.const 1)))
                  (br_if $words (i32.lt_u (local.get $k) (i32.const 4))))))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (br $quad)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $firsts)))
    (i32.const -1))
)
