self /* ERROR D_DECL_CLASS "^only one storage class allowed in a declaration$" */ this int x;
