7 thread 42
2 first 0 9 0 11 33 5 end
b: 0 []
c: 0 [kept]

