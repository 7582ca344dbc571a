-- @@stderr --
dtrace: failed to compile script err.D_OP_SCALAR.string-cond.d: [D_OP_SCALAR] line 3: operator ?: expression must be of scalar type
