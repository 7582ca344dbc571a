/*
 * Constants of the D library, one or more of each file: errno, signals,
 * open flags, block request flags, IP protocols, link types, pcap link
 * types, child states, pid types (the kernel's), process flags and data
 * models, reader-writer lock sides, fault codes, and the parts of curcpu.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", EPERM, EWOULDBLOCK, EDEADLOCK, EHWPOISON);
	printf("%d %d %d\n", SIGCLD, SIGCHLD, SIGPOLL);
	printf("%o %o %o %o %o\n", O_ACCMODE, O_CREAT, O_SYNC, O_RSYNC, O_CLOEXEC);
	printf("%d %x %d\n", REQ_WRITE, REQ_SYNC, BIO_USER_MAPPED);
	printf("%d %d %d %d %d\n", IPPROTO_IP, IPPROTO_TCP, IPPROTO_ICMPV6, IPPROTO_MAX, TCP_MIN_HEADER_LENGTH);
	printf("%d %d %d %d\n", ARPHRD_ETHER, ARPHRD_INFINIBAND, NET_PROBE_INBOUND, NET_PROBE_OUTBOUND);
	printf("%d %d %d %d %d %d\n", PCAP_NULL, PCAP_ETHER, PCAP_PPP, PCAP_IP, PCAP_WIFI, PCAP_IPOIB);
	printf("%d %d\n", CLD_EXITED, CLD_CONTINUED);
	printf("%d %d %d %d\n", PIDTYPE_PID, PIDTYPE_TGID, PIDTYPE_PGID, PIDTYPE_SID);
	printf("%x %x %x %x\n", PR_STOPPED, PR_ISTOP, PR_DSTOP, PR_IDLE);
	printf("%d %d %d\n", PR_MODEL_ILP32, PR_MODEL_LP64, curpsinfo->pr_dmodel);
	printf("%d %d\n", RW_WRITER, RW_READER);
	printf("%d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR, DTRACEFLT_DIVZERO, DTRACEFLT_BADSTACK);
	printf("%d %d %d\n", pset, chip, lgrp);
	exit(0);
}
