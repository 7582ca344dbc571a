value    z 1 5
value    x 3 10
value    y 2 10
value    w 0 20
rev      w 0 20
rev      y 2 10
rev      x 3 10
rev      z 1 5
key      w 0 20
key      x 3 10
key      y 2 10
key      z 1 5
key 1    w 0 20
key 1    z 1 5
key 1    y 2 10
key 1    x 3 10
key 1 rv x 3 10
key 1 rv y 2 10
key 1 rv z 1 5
key 1 rv w 0 20
a b      v 9 0 2
a b      z 1 5 9
a b      y 2 10 1
a b      x 3 10 4
a b      w 0 20 0
b a      w 0 20 0
b a      y 2 10 1
b a      v 9 0 2
b a      x 3 10 4
b a      z 1 5 9
beyond   v 9 0 2
beyond   z 1 5 9
beyond   y 2 10 1
beyond   x 3 10 4
beyond   w 0 20 0

