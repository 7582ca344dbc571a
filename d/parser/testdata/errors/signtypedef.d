unsigned /* ERROR D_DECL_SIGNINT "^invalid type declaration: signed and unsigned may only be used with integer type$" */ string s;
