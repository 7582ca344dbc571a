-- @@stderr --
dtrace: failed to compile script err.D_LQUANT_MISMATCH.base-limit.d: [D_LQUANT_MISMATCH] line 3: lquantize( ) base (argument #1) must be less than limit (argument #2)
