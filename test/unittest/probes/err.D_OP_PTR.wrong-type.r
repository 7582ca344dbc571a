-- @@stderr --
dtrace: failed to compile script err.D_OP_PTR.wrong-type.d: [D_OP_PTR] line 4: operator -> must be applied to a pointer
