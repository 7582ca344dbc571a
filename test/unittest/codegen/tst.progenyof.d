#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", progenyof($pid), progenyof($ppid), progenyof(-5), rand() == rand() && rand() == rand());
	printf("%d %d %d %d\n", timestamp > 0, walltimestamp > 1700000000000000000, cpu >= 0, ppid == $ppid);
	printf("%d %d\n", uid == $uid, gid == $gid);
	exit(0);
}
