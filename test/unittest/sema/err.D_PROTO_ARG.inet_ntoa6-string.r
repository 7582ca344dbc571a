-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.inet_ntoa6-string.d: [D_PROTO_ARG] line 3: inet_ntoa6( ) argument #2 is incompatible with prototype:
	prototype: int
	 argument: string
