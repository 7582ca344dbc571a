-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.jstack.d: [D_PROTO_LEN] line 4: jstack( ) prototype mismatch: 3 args passed, at most 2 expected
