/* @@nosort */
/* Sort orders: by value with ties broken by key (the default), by key
   with ties broken by value (aggsortkey), reversed (aggsortrev), from
   another key (aggsortkeypos) or, among several aggregations, from
   another aggregation's values (aggsortpos); setopt() changes them
   between printa()s. */
#pragma D option quiet

BEGIN
{
	@a["x", 3] = sum(10);
	@a["y", 2] = sum(10);
	@a["z", 1] = sum(5);
	@a["w", 0] = sum(20);
	@b["x", 3] = sum(4);
	@b["y", 2] = sum(1);
	@b["z", 1] = sum(9);
	@b["w", 0] = sum(0);
	@b["v", 9] = sum(2);
}

BEGIN
{
	printa("value    %s %d %@d\n", @a);
	setopt("aggsortrev");
	printa("rev      %s %d %@d\n", @a);
	setopt("aggsortrev", "no");
	setopt("aggsortkey");
	printa("key      %s %d %@d\n", @a);
	setopt("aggsortkeypos", "1");
	printa("key 1    %s %d %@d\n", @a);
	setopt("aggsortrev");
	printa("key 1 rv %s %d %@d\n", @a);
	setopt("aggsortrev", "off");
	setopt("aggsortkey", "off");
	setopt("aggsortkeypos", "0");
	printa("a b      %s %d %@d %@d\n", @a, @b);
	setopt("aggsortpos", "1");
	printa("b a      %s %d %@d %@d\n", @a, @b);
	setopt("aggsortpos", "5");
	printa("beyond   %s %d %@d %@d\n", @a, @b);
	exit(0);
}
