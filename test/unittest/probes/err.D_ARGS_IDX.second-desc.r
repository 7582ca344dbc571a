-- @@stderr --
dtrace: failed to compile script err.D_ARGS_IDX.second-desc.d: [D_ARGS_IDX] line 3: index 2 is out of range for syscall::getpid:entry args[ ]
