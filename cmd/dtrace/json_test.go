package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/jsonschema"
)

// jsonLines checks each line of out against docs/json-output.schema.json
// and returns the records, re-encoded with sorted members, by type.
func jsonLines(t *testing.T, out string) (types []string, recs []map[string]any) {
	t.Helper()
	s, err := jsonschema.Load(filepath.Join("..", "..", "docs", "json-output.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	lines, err := s.ValidateLines([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		r := l.(map[string]any)
		types = append(types, r["type"].(string))
		recs = append(recs, r)
	}
	return types, recs
}

func encode(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestJSONOutput(t *testing.T) {
	requireTracing(t)
	stdout, stderr, status := run(t, "-x", "oformat=json", "-n", `BEGIN {
		trace(1);
		printf("%s %d\n", "a", 2);
		this->i = (int *)alloca(sizeof (int));
		*this->i = 7;
		print(this->i);
		@c["k"] = count();
		@q = quantize(5);
		@s[stack()] = sum(2);
		printa(@c);
		printa("%s %@d\n", @c);
		setopt("aggsortrev");
	}
	BEGIN { *(int *)0 = 1; }
	BEGIN { exit(3); }`)
	if status != 3 || stderr != "dtrace: description 'BEGIN ' matched 3 probes\n" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	types, recs := jsonLines(t, stdout)
	if got := strings.Join(types, " "); got != "start probe error probe aggregation aggregation end" {
		t.Fatalf("records %s\n%s", got, stdout)
	}
	if v := recs[0]["version"]; encode(v) != "1" {
		t.Errorf("version %v", v)
	}
	var got []string
	for _, a := range recs[1]["data"].([]any) {
		a := a.(map[string]any)
		switch a["action"] {
		case "printa":
			got = append(got, fmt.Sprintf("printa %v %v", a["output"], encode(a["aggregations"])))
		case "print":
			// The address is alloca()'s, which varies; it must be the
			// one the output shows.
			addr, _ := a["address"].(string)
			out, _ := a["output"].(string)
			if addr == "" || !strings.HasPrefix(out, addr+" = *\n") {
				t.Errorf("print: address %q, output %q", addr, out)
			}
			got = append(got, fmt.Sprintf("print %v %q %v", a["type"], strings.TrimPrefix(out, addr), encode(a["value"])))
		default:
			got = append(got, encode(a))
		}
	}
	want := []string{
		`{"action":"trace","value":1}`,
		`{"action":"printf","args":["a",2],"format":"%s %d\n","output":"a 2\n"}`,
		`print int * " = *\n                                            (int)7\n" {"bytes":"07000000"}`,
		`printa <nil> [{"function":"count","id":1,"name":"c","tuples":[{"keys":["k"],"value":1}]}]`,
		"printa k 1\n" + ` [{"function":"count","id":1,"name":"c","tuples":[{"keys":["k"],"value":1}]}]`,
		`{"action":"setopt","option":"aggsortrev"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("BEGIN's data:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e := recs[2]; e["fault"] != "invalid address" || e["address"] != "0x0" || e["name"] != "BEGIN" {
		t.Errorf("error record %s", encode(e))
	}
	if d := recs[3]["data"].([]any); len(d) != 0 {
		t.Errorf("exit()'s clause recorded %s", encode(d))
	}
	// @c was printed by printa(), so it is not written again at the end.
	if got := encode(recs[4]["tuples"]); recs[4]["name"] != "q" || got != `[{"buckets":[{"count":1,"max":7,"min":4}],"keys":[]}]` {
		t.Errorf("@q: %s", encode(recs[4]))
	}
	// BEGIN has no probe site in the kernel: its stack is empty.
	s := recs[5]["tuples"].([]any)[0].(map[string]any)
	frames := s["keys"].([]any)[0].(map[string]any)["stack"].([]any)
	if recs[5]["name"] != "s" || encode(s["value"]) != "2" || len(frames) != 0 {
		t.Errorf("@s: %s", encode(recs[5]))
	}
	if encode(recs[6]["status"]) != "3" {
		t.Errorf("end %s", encode(recs[6]))
	}
}

// TestJSONDrops overfills the buffer in BEGIN: the drops are records.
func TestJSONDrops(t *testing.T) {
	requireTracing(t)
	clause := "BEGIN { " + strings.Repeat("trace(execname); ", 16) + "}\n"
	stdout, _, status := run(t, "-q", "--libxo=json", "-b", "64k", "-n", strings.Repeat(clause, 32)+"BEGIN { exit(0); }")
	types, recs := jsonLines(t, stdout)
	var drops uint64
	for i, typ := range types {
		if typ == "drops" {
			var n uint64
			fmt.Sscan(encode(recs[i]["count"]), &n)
			drops += n
			if recs[i]["kind"] != "principal" || recs[i]["cpu"] == nil {
				t.Errorf("drops %s", encode(recs[i]))
			}
		}
	}
	if status != 0 || drops == 0 {
		t.Errorf("status %d, %d drops: %s", status, drops, strings.Join(types, " "))
	}
}

// TestJSONStack: a kernel stack key's frames are resolved symbols.
func TestJSONStack(t *testing.T) {
	requireTracing(t)
	stdout, stderr, status := run(t, "-x", "oformat=json", "-c", "/bin/true",
		"-n", "syscall::exit_group:entry /pid == $target/ { @s[stack()] = count(); }")
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	types, recs := jsonLines(t, stdout)
	for i, typ := range types {
		if typ != "aggregation" {
			continue
		}
		frames := recs[i]["tuples"].([]any)[0].(map[string]any)["keys"].([]any)[0].(map[string]any)["stack"].([]any)
		resolved := len(frames) > 0
		for _, f := range frames {
			f := f.(map[string]any)
			resolved = resolved && f["module"] == "vmlinux" && f["name"] != nil && strings.HasPrefix(f["symbol"].(string), "vmlinux`")
		}
		if !resolved {
			t.Errorf("@s: %s", encode(recs[i]))
		}
		return
	}
	t.Errorf("no aggregation: %s", strings.Join(types, " "))
}
