-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.pcap-anon-struct.d: [D_PROTO_ARG] line 7: pcap( ) argument #1 is incompatible with prototype:
	prototype: void *
	 argument: struct 
