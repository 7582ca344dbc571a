/*
 * Searches whose strings are the results of other searches: each search
 * leaves its result unknown to the verifier, so that the code after
 * nested searches is not checked once per way each of them ended (which
 * made such a clause too complex to load).
 */
#pragma D option quiet
#pragma D option strsize=200

BEGIN
{
	s = "one-two-three-two-one";
	printf("%s\n", strstr(strstr(s, "two"), strstr(s, "ee")));
	printf("%d\n", index(strstr(s, "three"), strstr(s, "two-one")));
	printf("%d\n", rindex(strstr(s, "two"), strstr(strstr(s, "three"), "o")));
	printf("%s|%s|%s\n", strstr(s, "two"), strstr(s, "two-one"),
	    strstr(strstr(s, "two"), strstr(s, "two-one")));
	printf("%d\n", strstr(strstr(s, "three"), strstr(s, "one-two")) == NULL);
	exit(0);
}

ERROR
{
	printf("fault\n");
	exit(1);
}
