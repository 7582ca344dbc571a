-- @@stderr --
dtrace: failed to compile script err.D_PDESC_ZERO.fbt-no-function.d: [D_PDESC_ZERO] line 6: probe description fbt::no_such_kernel_function:entry does not match any probes
