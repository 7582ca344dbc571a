/* A struct definition must end with ';'. */
struct s {
	int a;
}
BEGIN {
}
