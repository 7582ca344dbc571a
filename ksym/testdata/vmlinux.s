	.text
	.globl _text, _stext, startup_64, do_one, ext4_read, ext4_write, crc_shared, after_gap
_text:
_stext:
	.type startup_64, @function
startup_64:
	.fill 0x40, 1, 0x90
	.size startup_64, 0x40
	.type do_one, @function
do_one:
	.fill 0x40, 1, 0x90
	.size do_one, 0x30
	.type ext4_read, @function
ext4_read:
	.fill 0x100, 1, 0x90
	.size ext4_read, 0x100
	.type ext4_write, @function
ext4_write:
	.fill 0x80, 1, 0x90
	.size ext4_write, 0x80
	.type crc_shared, @function
crc_shared:
	.fill 0x80, 1, 0x90
	.size crc_shared, 0x40
	.type dup_name, @function
dup_name:
	.fill 0x20, 1, 0x90
	.size dup_name, 0x20
	.type w_hook, @function
	.weak w_hook
w_hook:
	.fill 0x20, 1, 0x90
	.size w_hook, 0x20
	.org 0x1000
	.type after_gap, @function
after_gap:
	.fill 0x10, 1, 0x90
	.size after_gap, 0x10


	.data
	.globl _sdata, some_var, table_big
_sdata:
	.type some_var, @object
some_var:
	.quad 0
	.size some_var, 8
	.type ext4_var, @object
ext4_var:
	.fill 0x18, 1, 0
	.size ext4_var, 0x18
	.type table_big, @object
table_big:
	.fill 0x100, 1, 0
	.size table_big, 0x100
	.bss
	.type counter, @object
counter:
	.quad 0
	.size counter, 8
