package bpfrt

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
)

// MapCPUInfo is the map D's curcpu points into: an ARRAY indexed by CPU
// number of CPUInfoSize-byte values, each the cpuinfo_t of that CPU
// (cpu_id, cpu_pset, cpu_chip, cpu_lgrp: four 32-bit integers). It
// exists when Config.CPUInfo asks for it, filled when it is created.
const MapCPUInfo = "dt_cpuinfo"

// CPUInfoSize is the size of one cpuinfo_t.
const CPUInfoSize = 16

// newCPUInfo creates and fills the cpuinfo map. As in DTrace for Linux,
// the processor set and the locality group are 0, and the chip is the
// CPU's physical package.
func newCPUInfo() (*ebpf.Map, error) {
	n, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("possible CPUs: %w", err)
	}
	m, err := ebpf.NewMap(&ebpf.MapSpec{Name: MapCPUInfo, Type: ebpf.Array, KeySize: 4, ValueSize: CPUInfoSize, MaxEntries: uint32(n)})
	if err != nil {
		return nil, fmt.Errorf("create map %s: %w", MapCPUInfo, err)
	}
	for cpu := range n {
		var v [CPUInfoSize]byte
		ne := binary.NativeEndian
		ne.PutUint32(v[0:], uint32(cpu))
		ne.PutUint32(v[8:], uint32(chipOf(cpu)))
		if err := m.Update(uint32(cpu), v[:], 0); err != nil {
			m.Close()
			return nil, fmt.Errorf("fill map %s: %w", MapCPUInfo, err)
		}
	}
	return m, nil
}

// chipOf is the physical package of cpu, 0 when sysfs does not say (an
// offline or absent CPU).
func chipOf(cpu int) int {
	b, err := os.ReadFile(fmt.Sprintf("/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu))
	if err != nil {
		return 0
	}
	id, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || id < 0 {
		return 0
	}
	return id
}
