-- @@stderr --
dtrace: failed to compile script err.D_ARGS_IDX.no-args.d: [D_ARGS_IDX] line 3: index 0 is out of range for proc:::exec-success args[ ]
