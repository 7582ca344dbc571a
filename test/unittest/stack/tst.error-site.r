error 3
              vmlinux`syscall_trace_enter+0x180
  vmlinux`do_syscall_64                             

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 479 (syscall:vmlinux:openat:entry): invalid address (0x0) at BPF pc 39
