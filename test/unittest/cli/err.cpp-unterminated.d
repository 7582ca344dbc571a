/* cpp names the script it reads /dev/stdin, as under DTrace. */
#ifdef NOTDEF
BEGIN { }
#else
BEGIN { exit(0); }
