/*
 * lockstat on the contention the test makes: processes writing one file
 * block on its inode's rw-semaphore, args[0] the semaphore and args[1]
 * the time blocked.
 */
#pragma D option quiet

int blocked, positive;

lockstat:::rw-block
/progenyof($target)/
{
	blocked++;
	positive += args[0] != NULL && args[1] > 0;
}

END
{
	printf("blocked %d, all with a lock and a time %d\n", blocked > 0, positive == blocked);
}
