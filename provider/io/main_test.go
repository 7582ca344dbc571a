package io_test

import (
	"testing"

	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
)

func TestMain(m *testing.M) { stabletest.Main(m) }
