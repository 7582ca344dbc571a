
Stability attributes for script tst.report-kernel-type.d:

	Minimum Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown


