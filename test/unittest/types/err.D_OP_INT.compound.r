-- @@stderr --
dtrace: failed to compile script err.D_OP_INT.compound.d: [D_OP_INT] line 4: operator <<= requires operands of integral type
