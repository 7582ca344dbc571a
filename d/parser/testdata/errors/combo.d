union u { int a; } union v /* ERROR D_DECL_COMBO "^invalid type combination$" */ x;
