-- @@stderr --
dtrace: failed to compile script err.D_PDESC_ZERO.sdt_syscalls.d: [D_PDESC_ZERO] line 6: probe description sdt:syscalls::sys_enter_* does not match any probes
