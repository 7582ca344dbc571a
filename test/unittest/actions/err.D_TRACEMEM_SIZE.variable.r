-- @@stderr --
dtrace: failed to compile script err.D_TRACEMEM_SIZE.variable.d: [D_TRACEMEM_SIZE] line 5: tracemem( ) argument #2 must be a non-zero positive integral constant expression
