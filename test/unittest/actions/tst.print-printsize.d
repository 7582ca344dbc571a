/*
 * print() shows the members that start within printsize bytes (rounded
 * up to 8) and puts "..." where the first one past them would be, before
 * the brackets still open are closed; a type named char shows
 * characters, a typedef of unsigned char numbers. @@nosort
 */
#pragma D option quiet
#pragma D option printsize=12

struct inner {
	uint8_t c;
	long d;
};

struct outer {
	int a;
	struct inner in;
	long after;
};

BEGIN
{
	o = (struct outer *)alloca(sizeof(struct outer));
	o->a = 7;
	o->in.c = 65;
	o->in.d = 9;
	o->after = 3;
	print(o);
	setopt("printsize", "24");
	print(o);
	setopt("printsize", "32");
	print(o);
	exit(0);
}
