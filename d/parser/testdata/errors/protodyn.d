int f(int k[string] /* ERROR D_DECL_PROTO_TYPE "^function prototype may not use parameter of type dynamic variable: k, parameter #1$" */ );
