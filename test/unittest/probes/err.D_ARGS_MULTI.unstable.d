/* proc's probes agree on args[] only when the probe name is given. */
proc:::
{
	trace(args[0]);
}
