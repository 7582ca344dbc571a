-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.key-usym-int.d: [D_PROTO_ARG] line 8: @a[ ] key #1 is incompatible with prototype:
	prototype: usym( )
	      key: int64_t
