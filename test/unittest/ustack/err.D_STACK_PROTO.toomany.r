-- @@stderr --
dtrace: failed to compile script err.D_STACK_PROTO.toomany.d: [D_STACK_PROTO] line 4: stack( ) prototype mismatch: too many arguments
