/*
 * An inline array is used with [ ].
 */
BEGIN
{
	trace(tcp_state_string);
}
