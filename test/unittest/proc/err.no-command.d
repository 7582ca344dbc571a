/* A command that cannot be executed ends dtrace before it compiles. */
BEGIN
{
	exit(0);
}
