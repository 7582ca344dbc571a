-- @@stderr --
dtrace: failed to compile script err.D_USTACK_PROTO.jstack.d: [D_USTACK_PROTO] line 4: ustack( ) prototype mismatch: too many arguments
