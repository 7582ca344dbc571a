/*
 * io's translated arguments on direct writes the test makes: dd's 4 KiB
 * writes (its two, and what the file system writes for them) start from
 * its own context, each its device's and no file's, and complete. The
 * completions run on any CPU, at the time of other starts: they are
 * balanced against the starts in an aggregation, which loses no update
 * as a global counter can.
 */
#pragma D option quiet

int started;

io:::start
/progenyof($target) && execname == "dd" && args[0]->b_flags & B_WRITE && args[0]->b_bcount == 4096 && !started/
{
	printf("start %d %d %d %d %s\n", args[0]->b_flags & B_READ,
	    getmajor(args[0]->b_edev) == args[1]->dev_major &&
	    getminor(args[0]->b_edev) == args[1]->dev_minor,
	    args[1]->dev_statname != "",
	    args[1]->dev_pathname == strjoin("/dev/", args[1]->dev_statname),
	    args[2]->fi_name);
}

io:::start
/progenyof($target) && execname == "dd" && args[0]->b_flags & B_WRITE && args[0]->b_bcount == 4096/
{
	pending[args[0]->b_blkno] = 1;
	started++;
	@outstanding = sum(1);
}

io:::done
/pending[args[0]->b_blkno]/
{
	pending[args[0]->b_blkno] = 0;
	@outstanding = sum(-1);
}

END
{
	printf("started %d ", started >= 2);
	printa("outstanding %@d\n", @outstanding);
}
