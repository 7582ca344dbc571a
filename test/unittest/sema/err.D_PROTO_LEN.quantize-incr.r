-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.quantize-incr.d: [D_PROTO_LEN] line 3: quantize( ) prototype mismatch: 3 args passed, at most 2 expected
