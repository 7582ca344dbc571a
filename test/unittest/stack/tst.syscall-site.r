syscall 3
              vmlinux`syscall_trace_enter+0x180
              vmlinux`do_syscall_64+0x20f
  vmlinux`do_syscall_64                             
sdt 3
              vmlinux`syscall_trace_enter+0x180
              vmlinux`do_syscall_64+0x20f
  vmlinux`do_syscall_64                             

