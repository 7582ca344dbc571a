/*
 * An inline array's argument must suit its parameter's type.
 */
BEGIN
{
	trace(tcp_state_string["closed"]);
}
