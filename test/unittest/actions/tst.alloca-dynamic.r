hi x 16 8 0 0
1 16
ABC

