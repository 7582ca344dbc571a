libc write 6
hello

