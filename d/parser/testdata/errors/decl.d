int x /* ERROR D_SYNTAX "near \"y\"" */ y;
