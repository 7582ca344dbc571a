struct s { int a; };
struct s /* ERROR D_DECL_TYPERED "^type redeclared: struct s$" */ { int b; };
