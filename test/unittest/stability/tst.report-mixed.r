
Stability attributes for script tst.report-mixed.d:

	Minimum Probe Description Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Evolving
		Data Semantics:   Private
		Dependency Class: Common

256

