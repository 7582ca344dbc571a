-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_STEPTYPE.zero.d: [D_LLQUANT_STEPTYPE] line 3: llquantize( ) argument #4 must be a non-zero positive integer constant
