// Package jsonschema owns the checking of JSON documents against the
// subset of JSON Schema (draft 2020-12) that the repository's own schemas
// use — $ref to $defs, type, const, enum, pattern, required, properties,
// items and oneOf — so that tests hold output formats to their documented
// schemas without a dependency.
package jsonschema
