-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.copyinto-kernel.d: [D_PROTO_ARG] line 5: copyinto( ) argument #3 is incompatible with prototype:
	prototype: alloca pointer
	 argument: non-alloca pointer
