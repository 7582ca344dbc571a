/* copyinto() copies into alloca() memory only: a pointer to kernel
   memory, even cast to void *, is refused (argument #3). */
BEGIN
{
	copyinto(arg0, 8, (void *)curthread);
}
