close     0      0    0
open      0      0    7
write     1   4096    0
read      2    612   40
--

  close                                                             0                0
  write                                                             1             4096
  read                                                              2              612
--
write 1
read 2

        1        2               12
