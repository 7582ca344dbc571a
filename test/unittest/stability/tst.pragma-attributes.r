
Stability attributes for script tst.pragma-attributes.d:

	Minimum Probe Description Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Evolving
		Data Semantics:   Unstable
		Dependency Class: ISA

3

