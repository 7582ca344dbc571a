-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.key-stack-int.d: [D_PROTO_ARG] line 5: @a[ ] key #1 is incompatible with prototype:
	prototype: stack( )
	      key: int
