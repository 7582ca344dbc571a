	.text
	.globl _etext
	.type dup_name, @function
dup_name:
	.fill 0x20, 1, 0x90
	.size dup_name, 0x20
_etext:
