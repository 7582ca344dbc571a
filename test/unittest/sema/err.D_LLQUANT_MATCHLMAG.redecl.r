-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_MATCHLMAG.redecl.d: [D_LLQUANT_MATCHLMAG] line 4: llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1
