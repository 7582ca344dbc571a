[a|10] count=1
[b|20] count=2
[  a|10  ] -7   |fffffffffffffff9|0xfffffffffffffff9
[  b|20  ] 255  |   ff|0xff
a 10: min -3 max 3 sd 1
no keys shown 1
no keys shown 2
a 10
           value  ------------- Distribution ------------- count    
               2 |                                         0        
               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
               8 |                                         0        

