
              libc.so.6:0xae409
  libc.so.6                                         |
  libc.so.6:0xae3e0                                 |
[libc.so.6:0xae409]

