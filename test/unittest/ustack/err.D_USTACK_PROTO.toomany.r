-- @@stderr --
dtrace: failed to compile script err.D_USTACK_PROTO.toomany.d: [D_USTACK_PROTO] line 4: ustack( ) prototype mismatch: too many arguments
