-- @@stderr --
dtrace: failed to compile script err.D_ARGS_MULTI.zdefs.d: [D_ARGS_MULTI] line 5: args[ ] may not be referenced because probe description nosuchprovider:::nosuchprobe matches an unstable set of probes
