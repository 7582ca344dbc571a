// Package enable brings the enabled probes of a tracing session to
// life: each provider plans the units of its probes (provider.Unit), a
// trampoline is built for each unit with the clauses of its probes linked
// in (and those of dtrace:::ERROR, into every program whose clauses can
// fault), the programs are loaded, as many at a time as there are CPUs,
// and the units attached, while the activity is still inactive so that
// no clause runs before BEGIN is done. A Session embeds the consumer of
// the session's buffers (package consume), which owns the maps the
// programs are built against, and runs it with the programs of BEGIN and
// END; Close detaches and unloads the programs, then closes the consumer.
//
// The kernel may refuse to attach some of many units (a wildcard over
// every tracepoint meets one it keeps to itself): the others are traced
// and each refusal is kept (Refused, AttachError); enabling fails only
// when nothing could be attached.
//
// A program whose clauses take kernel stacks learns what lies above the
// probe site on them (bpfrt.StackSite, stacksite.go): for a tracepoint
// unit (provider.OnTracepoint), the kernel functions of its dispatch,
// found in the kernel's symbol table, which this then loads.
package enable
