/*
 * A function with several names is probed once: mmap and mmap64 are one
 * function of libc, memcpy and memcpy@@GLIBC_2.14 another, and the old
 * memcpy@GLIBC_2.2.5, a versioned name, is passed over as DTrace passes
 * over such names in a pattern. BEGIN and one probe each: 3 probes.
 */
pid$target:libc.so.6:mmap*[p4]:entry,
pid$target:libc.so.6:memcpy*:entry
{
}

BEGIN
{
	exit(0);
}
