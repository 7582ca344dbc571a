int f(void v /* ERROR D_DECL_PROTO_NAME "^void parameter may not have a name: v$" */ );
