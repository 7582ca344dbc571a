/*
 * Scalar, associative array, thread-local and clause-local variables,
 * built-in variables and macro variables.
 */
int gscalar;
uint64_t gtotal;
self int tvar;
this int lvar;
int garr[int, string];

BEGIN
{
	gscalar = 1;
	gtotal = timestamp;
	garr[1, "one"] = 1;
	garr[2, execname] = garr[1, "one"] + 1;
	self->tvar = 2;
	self->ts = walltimestamp;
	this->lvar = 3;
	this->str = probefunc;
	x = pid + tid + ppid + uid + gid + cpu + arg0 + arg1 + errno;
	y = probeprov;
	y = probemod;
	y = probename;
	y = execname;
	z = curthread;
	m = $pid;
	self->tvar = 0;
	garr[1, "one"] = 0;
}
