-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.printf-none.d: [D_PROTO_LEN] line 3: printf( ) prototype mismatch: 0 args passed, at least 1 expected
