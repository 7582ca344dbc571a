BEGIN { self-> /* ERROR D_SYNTAX "near \"=\"" */ = 1; }
