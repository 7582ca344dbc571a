5 7 shared 16
1

