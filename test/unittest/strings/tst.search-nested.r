ee-two-one
6
12
two-three-two-one|two-one|two-one
1

