-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.inline_array_key.d: [D_PROTO_ARG] line 6: tcp_state_string[ ] key #1 is incompatible with prototype:
	prototype: int
	      key: string
