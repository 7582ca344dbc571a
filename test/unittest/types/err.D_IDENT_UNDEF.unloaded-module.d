/* A symbol of a module the kernel does not have (built in or loaded)
   cannot be resolved: DTrace says the module is no longer loaded. */
BEGIN
{
	trace(nosuchmodule`nosuchvar);
	exit(0);
}
