/*
 * coldpaths: open paths whose strings lie in pages the process has never
 * touched, so that a tracer reading them at the system call's entry
 * finds them not mapped yet.
 *
 *   coldpaths N [bad]
 *
 * writes N paths to a temporary file, 64 KiB apart, maps it and calls
 * openat() on each path straight from the mapping (the kernel's copy of
 * the string faults the page in). 64 KiB apart, since a fault maps the
 * pages of the page cache around it, within its 64 KiB window
 * (fault_around_bytes), whatever madvise() says. The paths name
 * nothing (/nonexistent/cold-I), so each openat() fails with ENOENT after
 * reading its path. With "bad", one more openat() is given an address
 * that is mapped nowhere, and fails with EFAULT. It prints how many
 * calls it made.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	long page = sysconf(_SC_PAGESIZE);
	char tmpl[] = "/tmp/coldpathsXXXXXX";
	int fd = mkstemp(tmpl);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	unlink(tmpl);
	size_t stride = 64 << 10;
	char *buf = calloc(1, page);
	for (int i = 0; i < n; i++) {
		memset(buf, 0, page);
		snprintf(buf, page, "/nonexistent/cold-%d", i);
		if (pwrite(fd, buf, page, (off_t)i * stride) != page) {
			perror("pwrite");
			return 1;
		}
	}
	char *map = mmap(NULL, (size_t)n * stride, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	int calls = 0;
	for (int i = 0; i < n; i++) {
		int f = openat(AT_FDCWD, map + (size_t)i * stride, O_RDONLY);
		if (f >= 0)
			close(f);
		calls++;
	}
	if (argc > 2 && strcmp(argv[2], "bad") == 0) {
		openat(AT_FDCWD, (const char *)8, O_RDONLY);
		calls++;
	}
	printf("%d\n", calls);
	return 0;
}
