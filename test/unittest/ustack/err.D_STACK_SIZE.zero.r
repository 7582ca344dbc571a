-- @@stderr --
dtrace: failed to compile script err.D_STACK_SIZE.zero.d: [D_STACK_SIZE] line 4: stack( ) argument #1 must be a non-zero positive integer constant
