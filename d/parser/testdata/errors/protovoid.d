int a[void /* ERROR D_DECL_PROTO_TYPE "^array prototype may not use parameter of type void: \\(anonymous\\), parameter #1$" */ ];
