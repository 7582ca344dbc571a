-- @@stderr --
dtrace: failed to compile script err.D_PRINTF_ARG_TYPE.stack-key.d: [D_PRINTF_ARG_TYPE] line 4: printa( ) argument #2 is incompatible with conversion #1 prototype:
	conversion: %x
	 prototype: char, short, int, long, or long long
	  argument: stack
