-- @@stderr --
dtrace: failed to compile script err.D_OP_ACT.ternary.d: [D_OP_ACT] line 3: action cannot be used in a conditional context
