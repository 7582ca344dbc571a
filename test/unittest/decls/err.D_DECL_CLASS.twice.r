-- @@stderr --
dtrace: failed to compile script err.D_DECL_CLASS.twice.d: [D_DECL_CLASS] line 1: only one storage class allowed in a declaration
