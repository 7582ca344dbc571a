-- @@stderr --
dtrace: failed to compile script err.D_OP_SCALAR.incr-string.d: [D_OP_SCALAR] line 4: operator ++ requires operand of scalar type
