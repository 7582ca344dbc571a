-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.print-agg.d: [D_PROTO_ARG] line 5: print( ) argument #1 is incompatible with prototype:
	prototype: void *
	 argument: aggregation
