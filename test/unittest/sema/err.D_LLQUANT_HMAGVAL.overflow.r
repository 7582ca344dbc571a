-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_HMAGVAL.overflow.d: [D_LLQUANT_HMAGVAL] line 3: llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits
