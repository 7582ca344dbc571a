
    vmlinux`syscall_trace_enter+0x180
    vmlinux`do_syscall_64+0x20f


    vmlinux`syscall_trace_enter+0x180
    vmlinux`do_syscall_64+0x20f
                1
