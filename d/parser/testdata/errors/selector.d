BEGIN { x = curthread-> /* ERROR D_SYNTAX "near \"1\"" */ 1; }
