-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.ustack-many.d: [D_PROTO_LEN] line 4: ustack( ) prototype mismatch: 3 args passed, at most 2 expected
