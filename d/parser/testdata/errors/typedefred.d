typedef int t;
typedef int /* ERROR D_DECL_IDRED "^identifier redeclared: t$" */ t t2;
