-- @@stderr --
dtrace: failed to compile script err.D_OP_SCALAR.string-and.d: [D_OP_SCALAR] line 3: operator && requires operands of scalar type
