-- @@stderr --
dtrace: failed to compile script err.D_PRINT_SIZE.forward.d: [D_PRINT_SIZE] line 9: print( ) argument #1 reference has type 'struct undefined' with size 0; cannot print( ) it.
