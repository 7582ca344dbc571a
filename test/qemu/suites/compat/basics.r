gentrace 8 1 trace
ticked
x 1
y 2


           value  ------------- Distribution ------------- count    
              -4 |                                         0        
              -2 |@@@@@@@@@@@@@@@@@@@@                     1        
              -1 |                                         0        
               0 |                                         0        
               1 |                                         0        
               2 |                                         0        
               4 |@@@@@@@@@@@@@@@@@@@@                     1        
               8 |                                         0        

