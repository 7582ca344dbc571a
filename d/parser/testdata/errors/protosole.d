int f(void, int /* ERROR D_DECL_PROTO_VOID "^void must be sole parameter$" */ );
