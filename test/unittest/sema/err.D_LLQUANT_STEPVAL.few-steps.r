-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_STEPVAL.few-steps.d: [D_LLQUANT_STEPVAL] line 3: llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor
