-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.lquantize-few.d: [D_PROTO_LEN] line 3: lquantize( ) prototype mismatch: 1 arg passed, 3 expected
