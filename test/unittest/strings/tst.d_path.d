/*
 * d_path() gives the path of a struct path from the root of the mount
 * tree, crossing mounts: the root, the working directory (the case's
 * folder), as the inlines root and cwd give them too, and the files dd
 * reads and writes on other file systems (sysfs and devtmpfs).
 */
#pragma D option quiet

int seen[string];

BEGIN
{
	printf("root %s\n", d_path(&curthread->fs->root));
	printf("cwd %s %d\n", basename(d_path(&curthread->fs->pwd)), dirname(d_path(&curthread->fs->pwd)) != "/");
	printf("inlines %s %d\n", root, cwd == d_path(&curthread->fs->pwd));
}

syscall::read:entry,
syscall::write:entry
/pid == $target/
{
	this->p = d_path(&curthread->files->fdt->fd[arg0]->f_path);
}

syscall::read:entry,
syscall::write:entry
/pid == $target && (index(this->p, "/sys/") == 0 || index(this->p, "/dev/") == 0) && !seen[this->p]/
{
	seen[this->p] = 1;
	printf("%s %s\n", probefunc, this->p);
}
