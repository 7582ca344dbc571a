-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.printf-format.d: [D_PROTO_ARG] line 3: printf( ) argument #1 is incompatible with prototype:
	prototype: string
	 argument: int
