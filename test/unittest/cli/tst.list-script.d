/* -l lists the probes a script's descriptions match, in order. @@nosort */
dtrace:::END, dtrace:::BEGIN
{
}
