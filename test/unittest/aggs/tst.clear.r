
  x                                                                 0
  y                                                                 0

  x                                                                 0

  x                                                 
           value  ------------- Distribution ------------- count    
              -1 |                                         0        
               0 |                                         0        
               1 |                                         0        


  x                                                 
           value  ------------- Distribution ------------- count    
             < 0 |                                         0        
               0 |                                         0        
               2 |                                         0        

--

  x                                                                 0
  y                                                                 1

  x                                                                 2

  x                                                 
           value  ------------- Distribution ------------- count    
               0 |                                         0        
               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
               2 |                                         0        


