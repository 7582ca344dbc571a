fbt entry 5 vmlinux`do_compat_epoll_pwait.part.0
fbt return 5 vmlinux`do_compat_epoll_pwait.part.0
rawfbt entry 5 vmlinux`do_compat_epoll_pwait.part.0
fbt entry 
vmlinux`do_epoll_wait+0x5

fbt return 
vmlinux`do_epoll_wait+0x5

rawfbt entry 
vmlinux`do_epoll_wait+0x5


