BEGIN { x = (char /* ERROR D_DECL_CHARATTR "^invalid type declaration: short and long may not be used with char type$" */ long)0; }
