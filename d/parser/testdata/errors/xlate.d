BEGIN { x = xlate /* ERROR D_SYNTAX "near \"\\(\"" */ (1); }
