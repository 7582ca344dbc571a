-- @@stderr --
dtrace: failed to compile script err.D_DECL_ARRBIG.huge.d: [D_DECL_ARRBIG] line 1: array dimension too big
