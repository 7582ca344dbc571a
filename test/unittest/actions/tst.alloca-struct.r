258 -2 z DA 1 0 255

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 02 01 00 00 fe ff 7a 00                          ......z.

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 01 00 ff                                         ...


