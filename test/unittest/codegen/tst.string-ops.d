#pragma D option quiet
BEGIN
{
	s = "abc";
	printf("%d %d %d\n", s == "abc", s != "abc", s < "abd");
	printf("%d %d %d\n", "b" > "abc", "" < "a", "ab" >= "abc");
	printf("%d %d\n", strlen(s), strlen(""));
	printf("[%s]\n", strjoin(s, "def"));
	printf("%d\n", execname != "");
}
BEGIN
/probename == "BEGIN"/
{
	printf("pred\n");
	exit(0);
}
