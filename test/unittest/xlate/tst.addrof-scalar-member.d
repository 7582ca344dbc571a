/*
 * The address of a translated scalar member: the value is computed, and
 * stored in the translation area, where the address points.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", *&curpsinfo->pr_pid == pid, *(&curpsinfo->pr_uid) == uid);
	exit(0);
}
