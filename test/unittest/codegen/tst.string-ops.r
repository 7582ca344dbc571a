1 0 1
1 1 0
3 0
[abcdef]
1
pred

