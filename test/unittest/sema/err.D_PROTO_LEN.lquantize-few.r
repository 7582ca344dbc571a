-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.lquantize-few.d: [D_PROTO_LEN] line 3: lquantize( ) prototype mismatch: 1 arg passed, at least 3 expected
