/* A user-space provider definition, as dtrace -h and -G read them. */
provider myserv {
	probe query__start(char *, int);
	probe query__done(char *, int, uint64_t) : (char *, int);
	probe nothing();
	probe named(int count, const char *name);
};

provider empty {
};

BEGIN
{
}
