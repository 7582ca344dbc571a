// Command dtrace is the dtrace(8) command: it hands its command line to
// package dtrace, which parses the options and runs them.
package main
