BEGIN { i = 123 /* ERROR D_SYNTAX "near \"\\$1\"" */ $1; }
