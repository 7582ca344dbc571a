-- @@stderr --
dtrace: failed to compile script err.D_USTACK_STRSIZE.negative.d: [D_USTACK_STRSIZE] line 4: ustack( ) argument #2 must be a positive integer constant
