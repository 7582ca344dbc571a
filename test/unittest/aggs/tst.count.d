/* @@nosort */
/* count() with no key, integer keys of every width, string keys and
   tuples. Keys of 8 and 4 bytes print signed, of 2 and 1 byte unsigned,
   as dt_print_datum prints them. */
#pragma D option quiet

BEGIN
{
	@ = count();
	@ = count();
	@n[1] = count();
	@n[-1] = count();
	@n[-1] = count();
	@n[2147483647] = count();
	@w[0x7fffffffffffffff] = count();
	@w[0x8000000000000000] = count();
	@w[0x8000000000000000] = count();
	@c[(char)-1] = count();
	@c[(char)1] = count();
	@h[(short)-2] = count();
	@s["one"] = count();
	@s["two"] = count();
	@s["two"] = count();
	@t["x", 1, "y"] = count();
	@t["x", 2, "y"] = count();
	@t["x", 2, "y"] = count();
	@t["x", 2, "z"] = count();
	exit(0);
}
