-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.clear-many.d: [D_PROTO_LEN] line 4: clear( ) prototype mismatch: 2 args passed, 1 expected
