gentrace 8 1 trace
ticked
x 1
y 2
min -9 max 5 stddev 1885618085


           value  ------------- Distribution ------------- count    
              -4 |                                         0        
              -2 |@@@@@@@@@@@@@@@@@@@@                     1        
              -1 |                                         0        
               0 |                                         0        
               1 |                                         0        
               2 |                                         0        
               4 |@@@@@@@@@@@@@@@@@@@@                     1        
               8 |                                         0        

