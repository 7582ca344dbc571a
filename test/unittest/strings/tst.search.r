2 3 -1 -1
6 0 0 3
-1 1 -1
[o world] [NULL] [ab]

