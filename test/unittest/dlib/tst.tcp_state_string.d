/*
 * tcp_state_string[] names each TCP_STATE_* value, and "<unknown>" for
 * any other; its index may be any integer expression.
 */
#pragma D option quiet

BEGIN
{
	i = TCP_STATE_IDLE;
}

tick-1ms
/i <= TCP_STATE_CLOSING + 1/
{
	printf("%d %s\n", i, tcp_state_string[i]);
	i++;
}

tick-1ms
/i > TCP_STATE_CLOSING + 1/
{
	printf("%s\n", tcp_state_string[-1]);
	exit(0);
}
