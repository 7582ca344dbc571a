BEGIN
{
	trace(strtok(7, ","));
}
