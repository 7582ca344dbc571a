-- @@stderr --
dtrace: failed to compile script err.D_LQUANT_STEPLARGE.step.d: [D_LQUANT_STEPLARGE] line 3: lquantize( ) step (argument #3) too large: must have at least one quantization level
