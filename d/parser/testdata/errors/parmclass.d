int f(extern int /* ERROR D_DECL_PARMCLASS "^inappropriate storage class for function or associative array parameter$" */ );
