;; The symmetry reductions' loops over every code (src/symmetry.ts), in WebAssembly: run once
;; per game state, they are cold code in a short proof, where V8 would interpret them and then
;; spend more time compiling them than running them. Compiled by `npm run wasm` into
;; symmetry-wasm.ts. The caller lays out the memory (src/symmetry-kernel.ts):
;;   symbols  `size` × `pegs` bytes, each code's symbols in code order (the codebook's layout);
;;   i32 arrays (parent, images, out) aligned to 4 bytes.
(module
  (memory (export "memory") 1)

  ;; out[code] = the index of the image of `code` under one group element: position i moves to
  ;; perm[i] and its symbol s becomes perm[pegs + i × colors + s]. The index is Σ d_i × weights[i]
  ;; over the image's symbols d_i: with repetition d_i is the symbol itself; without, the symbol
  ;; less the smaller ones before it (the codebook's order). `scratch` holds one image.
  (func (export "images")
    (param $size i32) (param $pegs i32) (param $colors i32) (param $repeat i32)
    (param $symbols i32) (param $perm i32) (param $weights i32) (param $scratch i32)
    (param $out i32)
    (local $code i32) (local $i i32) (local $j i32) (local $s i32) (local $index i32)
    (local $base i32) (local $rename i32)
    (local.set $rename (i32.add (local.get $perm) (local.get $pegs)))
    (block $codes_done
      (loop $codes
        (br_if $codes_done (i32.ge_u (local.get $code) (local.get $size)))
        (local.set $base
          (i32.add (local.get $symbols) (i32.mul (local.get $code) (local.get $pegs))))
        (local.set $i (i32.const 0))
        (block $moved
          (loop $move
            (br_if $moved (i32.ge_u (local.get $i) (local.get $pegs)))
            (i32.store8
              (i32.add (local.get $scratch)
                (i32.load8_u (i32.add (local.get $perm) (local.get $i))))
              (i32.load8_u
                (i32.add (local.get $rename)
                  (i32.add (i32.mul (local.get $i) (local.get $colors))
                    (i32.load8_u (i32.add (local.get $base) (local.get $i)))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $move)))
        (local.set $index (i32.const 0))
        (local.set $i (i32.const 0))
        (block $indexed
          (loop $digit
            (br_if $indexed (i32.ge_u (local.get $i) (local.get $pegs)))
            (local.set $s (i32.load8_u (i32.add (local.get $scratch) (local.get $i))))
            (if (i32.eqz (local.get $repeat))
              (then
                (local.set $j (i32.const 0))
                (block $counted
                  (loop $count
                    (br_if $counted (i32.ge_u (local.get $j) (local.get $i)))
                    (if (i32.lt_u
                          (i32.load8_u (i32.add (local.get $scratch) (local.get $j)))
                          (i32.load8_u (i32.add (local.get $scratch) (local.get $i))))
                      (then (local.set $s (i32.sub (local.get $s) (i32.const 1)))))
                    (local.set $j (i32.add (local.get $j) (i32.const 1)))
                    (br $count)))))
            (local.set $index
              (i32.add (local.get $index)
                (i32.mul (local.get $s)
                  (i32.load (i32.add (local.get $weights) (i32.shl (local.get $i) (i32.const 2)))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $digit)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $code) (i32.const 2)))
          (local.get $index))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $codes))))

  ;; The root of x's set, halving the path on the way (each node visited points to its
  ;; grandparent).
  (func $find (param $parent i32) (param $x i32) (result i32)
    (local $p i32) (local $grand i32)
    (block $found
      (loop $up
        (local.set $p
          (i32.load (i32.add (local.get $parent) (i32.shl (local.get $x) (i32.const 2)))))
        (br_if $found (i32.eq (local.get $p) (local.get $x)))
        (local.set $grand
          (i32.load (i32.add (local.get $parent) (i32.shl (local.get $p) (i32.const 2)))))
        (i32.store (i32.add (local.get $parent) (i32.shl (local.get $x) (i32.const 2)))
          (local.get $grand))
        (local.set $x (local.get $grand))
        (br $up)))
    (local.get $x))

  ;; parent[code] = the smallest code of its orbit under the group the `count` image tables
  ;; (each `size` i32, one after the other from `images`) generate: union–find, each set's
  ;; root its smallest member.
  (func (export "orbits")
    (param $size i32) (param $parent i32) (param $images i32) (param $count i32)
    (local $code i32) (local $g i32) (local $a i32) (local $b i32) (local $image i32)
    (block $done
      (loop $init
        (br_if $done (i32.ge_u (local.get $code) (local.get $size)))
        (i32.store (i32.add (local.get $parent) (i32.shl (local.get $code) (i32.const 2)))
          (local.get $code))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $init)))
    (block $generators_done
      (loop $generators
        (br_if $generators_done (i32.ge_u (local.get $g) (local.get $count)))
        (local.set $image
          (i32.add (local.get $images)
            (i32.shl (i32.mul (local.get $g) (local.get $size)) (i32.const 2))))
        (local.set $code (i32.const 0))
        (block $joined
          (loop $join
            (br_if $joined (i32.ge_u (local.get $code) (local.get $size)))
            (local.set $a (call $find (local.get $parent) (local.get $code)))
            (local.set $b
              (call $find (local.get $parent)
                (i32.load
                  (i32.add (local.get $image) (i32.shl (local.get $code) (i32.const 2))))))
            (if (i32.lt_u (local.get $a) (local.get $b))
              (then
                (i32.store (i32.add (local.get $parent) (i32.shl (local.get $b) (i32.const 2)))
                  (local.get $a))))
            (if (i32.lt_u (local.get $b) (local.get $a))
              (then
                (i32.store (i32.add (local.get $parent) (i32.shl (local.get $a) (i32.const 2)))
                  (local.get $b))))
            (local.set $code (i32.add (local.get $code) (i32.const 1)))
            (br $join)))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $generators)))
    (local.set $code (i32.const 0))
    (block $flat
      (loop $flatten
        (br_if $flat (i32.ge_u (local.get $code) (local.get $size)))
        (i32.store (i32.add (local.get $parent) (i32.shl (local.get $code) (i32.const 2)))
          (call $find (local.get $parent) (local.get $code)))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $flatten))))

  ;; Writes to `out` the codes that are their own parent (the orbits' representatives, in code
  ;; order); returns how many.
  (func (export "roots") (param $size i32) (param $parent i32) (param $out i32) (result i32)
    (local $code i32) (local $count i32)
    (block $done
      (loop $scan
        (br_if $done (i32.ge_u (local.get $code) (local.get $size)))
        (if (i32.eq (local.get $code)
              (i32.load (i32.add (local.get $parent) (i32.shl (local.get $code) (i32.const 2)))))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
              (local.get $code))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $scan)))
    (local.get $count))

  ;; Writes to `out` the codes smallest in their orbit when the colours of each of two classes
  ;; may be renamed among themselves: `classes[c]` (i32) is −1 for a colour of neither, else
  ;; its class (0 or 1) × 256 + its rank in the class. A code is kept when each class's colours
  ;; first appear in rank order, none skipped. Returns how many.
  (func (export "colourClasses")
    (param $size i32) (param $pegs i32) (param $symbols i32) (param $classes i32)
    (param $out i32) (result i32)
    (local $code i32) (local $count i32) (local $i i32) (local $base i32) (local $c i32)
    (local $class i32) (local $seen i64) (local $next0 i32) (local $next1 i32)
    (local $kept i32)
    (block $done
      (loop $codes
        (br_if $done (i32.ge_u (local.get $code) (local.get $size)))
        (local.set $base
          (i32.add (local.get $symbols) (i32.mul (local.get $code) (local.get $pegs))))
        (local.set $seen (i64.const 0))
        (local.set $next0 (i32.const 0))
        (local.set $next1 (i32.const 0))
        (local.set $kept (i32.const 1))
        (local.set $i (i32.const 0))
        (block $checked
          (loop $position
            (br_if $checked (i32.ge_u (local.get $i) (local.get $pegs)))
            (local.set $c (i32.load8_u (i32.add (local.get $base) (local.get $i))))
            (local.set $class
              (i32.load (i32.add (local.get $classes) (i32.shl (local.get $c) (i32.const 2)))))
            (if (i32.and
                  (i32.ge_s (local.get $class) (i32.const 0))
                  (i64.eqz
                    (i64.and (local.get $seen)
                      (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $c))))))
              (then
                (local.set $seen
                  (i64.or (local.get $seen)
                    (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $c)))))
                (if (i32.lt_u (local.get $class) (i32.const 256))
                  (then
                    (local.set $kept (i32.eq (local.get $class) (local.get $next0)))
                    (local.set $next0 (i32.add (local.get $next0) (i32.const 1))))
                  (else
                    (local.set $kept
                      (i32.eq (i32.and (local.get $class) (i32.const 255)) (local.get $next1)))
                    (local.set $next1 (i32.add (local.get $next1) (i32.const 1)))))
                (br_if $checked (i32.eqz (local.get $kept)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $position)))
        (if (local.get $kept)
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
              (local.get $code))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $codes)))
    (local.get $count))

  ;; Writes to `out` the codes whose symbol at every position i is allowed there:
  ;; kept[i × colors + symbol] is 1. Returns how many.
  (func (export "keptAt")
    (param $size i32) (param $pegs i32) (param $colors i32) (param $symbols i32)
    (param $kept i32) (param $out i32) (result i32)
    (local $code i32) (local $count i32) (local $i i32) (local $base i32)
    (block $done
      (loop $codes
        (br_if $done (i32.ge_u (local.get $code) (local.get $size)))
        (local.set $base
          (i32.add (local.get $symbols) (i32.mul (local.get $code) (local.get $pegs))))
        (local.set $i (i32.const 0))
        (block $checked
          (loop $position
            (br_if $checked (i32.ge_u (local.get $i) (local.get $pegs)))
            (br_if $checked
              (i32.eqz
                (i32.load8_u
                  (i32.add (local.get $kept)
                    (i32.add (i32.mul (local.get $i) (local.get $colors))
                      (i32.load8_u (i32.add (local.get $base) (local.get $i))))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $position)))
        (if (i32.eq (local.get $i) (local.get $pegs))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
              (local.get $code))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $code (i32.add (local.get $code) (i32.const 1)))
        (br $codes)))
    (local.get $count)))
