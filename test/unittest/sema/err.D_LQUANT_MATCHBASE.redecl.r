-- @@stderr --
dtrace: failed to compile script err.D_LQUANT_MATCHBASE.redecl.d: [D_LQUANT_MATCHBASE] line 4: lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, found 1
