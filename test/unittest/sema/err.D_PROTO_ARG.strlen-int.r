-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.strlen-int.d: [D_PROTO_ARG] line 3: strlen( ) argument #1 is incompatible with prototype:
	prototype: char *
	 argument: int
