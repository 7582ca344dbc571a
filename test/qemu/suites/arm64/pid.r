entry 1 7 1
return 17
entry 2 7 1
return 27
entry 3 7 1
return 37

