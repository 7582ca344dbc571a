/*
 * With amin, the first expression below the minimum is named: here the
 * data of curthread is Private.
 */
#pragma D option amin=Stable/Stable/Common

dtrace:::BEGIN
{
	trace(1);
	trace(curthread->pid);
	exit(0);
}
