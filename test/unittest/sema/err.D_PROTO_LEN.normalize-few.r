-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.normalize-few.d: [D_PROTO_LEN] line 4: normalize( ) prototype mismatch: 1 arg passed, 2 expected
