-- @@stderr --
dtrace: failed to compile script err.D_ARGS_TYPE.disagree.d: [D_ARGS_TYPE] line 3: args[1] is char * for probe description syscall::read:entry but const char * for syscall::openat:entry: one clause needs the same argument types for all its probe descriptions
