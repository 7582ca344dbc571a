-- @@stderr --
dtrace: failed to compile script err.D_LLQUANT_STEPVAL.many-steps.d: [D_LLQUANT_STEPVAL] line 3: llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0
