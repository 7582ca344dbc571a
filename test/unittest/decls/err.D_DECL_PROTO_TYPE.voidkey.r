-- @@stderr --
dtrace: failed to compile script err.D_DECL_PROTO_TYPE.voidkey.d: [D_DECL_PROTO_TYPE] line 1: array prototype may not use parameter of type void: (anonymous), parameter #2
