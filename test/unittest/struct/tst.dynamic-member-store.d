/*
 * A member of a struct held by a thread-local variable or by an element
 * of an associative array is assigned in place: the first store creates
 * the variable with every other member zero, later stores keep the
 * members already set, and storing 0 to a member deletes nothing. String,
 * nested struct, array element (at constant and computed indexes) and
 * bit-field members are assigned, and ++ and += work on members.
 */
#pragma D option quiet

struct pt {
	int x;
	int y;
};

struct rec {
	int n;
	string name;
	long total;
	struct pt at;
	int slot[4];
	unsigned int flag : 3;
	string last;
};

struct rec r[string];
self struct rec me;

BEGIN
{
	self->me.n = 7;
	self->me.name = "thread";
	self->me.total += 40;
	self->me.total++;
	self->me.total++;

	r["a"].n = 1;
	r["a"].name = "first";
	r["a"].at.y = 9;
	r["a"].slot[1] = 11;
	i = 3;
	r["a"].slot[i] = 33;
	r["a"].flag = 5;
	r["a"].last = "end";
	r["a"].n++;
	r["b"].n = 0;
	r["c"].name = "kept";
	r["c"].n = 0;
}

BEGIN
{
	printf("%d %s %d\n", self->me.n, self->me.name, self->me.total);
	printf("%d %s %d %d %d %d %d %d %s\n", r["a"].n, r["a"].name,
	    r["a"].at.x, r["a"].at.y, r["a"].slot[0], r["a"].slot[1],
	    r["a"].slot[3], r["a"].flag, r["a"].last);
	printf("b: %d [%s]\n", r["b"].n, r["b"].name);
	printf("c: %d [%s]\n", r["c"].n, r["c"].name);
	exit(0);
}
