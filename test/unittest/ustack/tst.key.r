

              libc.so.6`_exit+0x29
                1
  libc.so.6`_exit                                                   1
  libc.so.6                                                         1
