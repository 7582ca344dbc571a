
              libc.so.6`_exit+0x29
  libc.so.6                                         |
  libc.so.6`_exit                                   |
  libc.so.6`_exit+0x29                              |
[libc.so.6`_exit+0x29]

