-- @@stderr --
dtrace: failed to compile script err.D_OP_INT.predicate-line.d: [D_OP_INT] line 4: operator & requires operands of integral type
