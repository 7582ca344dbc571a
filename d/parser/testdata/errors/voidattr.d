short /* ERROR D_DECL_VOIDATTR "^invalid type declaration: attributes may not be used with void type$" */ void v;
