-- @@stderr --
dtrace: failed to compile script err.D_ALLOCA_INCOMPAT.var-clash-predicate.d: [D_ALLOCA_INCOMPAT] line 4: q: cannot reuse the same identifier for both alloca and non-alloca allocations
