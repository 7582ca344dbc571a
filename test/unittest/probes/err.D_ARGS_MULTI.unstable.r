-- @@stderr --
dtrace: failed to compile script err.D_ARGS_MULTI.unstable.d: [D_ARGS_MULTI] line 4: args[ ] may not be referenced because probe description proc::: matches an unstable set of probes
