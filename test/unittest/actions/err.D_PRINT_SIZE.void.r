-- @@stderr --
dtrace: failed to compile script err.D_PRINT_SIZE.void.d: [D_PRINT_SIZE] line 4: print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it.
