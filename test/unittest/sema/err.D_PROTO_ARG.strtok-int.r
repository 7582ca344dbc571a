-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.strtok-int.d: [D_PROTO_ARG] line 3: strtok( ) argument #1 is incompatible with prototype:
	prototype: char *
	 argument: int
