6 0 7 -2 8 15 1

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 06 e7 ff ff ff ff 0f 00                          ........

