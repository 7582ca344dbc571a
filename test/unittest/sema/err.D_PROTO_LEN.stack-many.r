-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.stack-many.d: [D_PROTO_LEN] line 3: stack( ) prototype mismatch: 2 args passed, at most 1 expected
