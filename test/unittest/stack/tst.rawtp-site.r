rawtp
              vmlinux`kernel_clone+0x28a
sdt
              vmlinux`kernel_clone+0x28a

