-- @@stderr --
dtrace: failed to compile script err.D_ALLOCA_INCOMPAT.var-clash.d: [D_ALLOCA_INCOMPAT] line 10: p: cannot reuse the same identifier for both alloca and non-alloca allocations
