-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_HMAGVAL.below-low.d: [D_LLQUANT_HMAGVAL] line 3: llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)
