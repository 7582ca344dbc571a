-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.key-ustack-stack.d: [D_PROTO_ARG] line 13: @a[ ] key #1 is incompatible with prototype:
	prototype: ustack( )
	      key: stack( )
