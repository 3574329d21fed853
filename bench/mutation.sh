#!/usr/bin/env bash
# Mutation testing of the security kernel, the truncation rules and the HTTP body reader, on
# demand (not in CI: it takes minutes per module). Each module's mutants run against that
# module's own tests only.
#
#   bench/mutation.sh              every module, one after the other
#   bench/mutation.sh text urls    only these modules
#   JOBS=2 bench/mutation.sh text  two mutants at a time (default 1: the machine is shared)
#   bench/mutation.sh --survivors text
#                                  after adding tests: refresh the tests in the existing work
#                                  folder and re-run only the mutants not killed last time
#                                  (mutmut collects coverage for new tests first). Refused when
#                                  the source changed since the full run.
#
# Needs `.venv/bin/pip install -e ".[dev,mutation]" --config-settings editable_mode=strict`.
#
# mutmut 3 derives module names from file paths, and our import package `webdistill` is the
# folder `src/` (package-dir mapping), which it cannot see. So each module runs in a scratch
# copy under build/mutation/<module>/ where the package is a real `webdistill/` folder; the
# checkout itself is never mutated, and a killed run leaves nothing behind but that folder.
# Afterwards, inspect a survivor with: cd build/mutation/<module> && ../../../.venv/bin/mutmut show NAME
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mutmut="$root/.venv/bin/mutmut"
[ -x "$mutmut" ] || { echo "mutmut missing: .venv/bin/pip install -e '.[dev,mutation]' --config-settings editable_mode=strict" >&2; exit 2; }

# module -> "source file|test files (globs allowed; missing ones are skipped)"
declare -A MODULES=(
  [text]="kernel/text.py|tests/test_text.py property_tests/test_text_properties.py tests/rules/test_truncation_*.py"
  [addresses]="kernel/addresses.py|tests/http/test_addresses.py property_tests/test_addresses_properties.py tests/rules/test_address_*.py"
  [validate]="kernel/validate.py|tests/test_kernel_fetch.py tests/test_kernel_search.py property_tests/test_kernel_never_raises.py tests/rules/test_validation_*.py"
  [guard]="adapters/http/guard.py|tests/http/test_client_dns.py tests/http/test_client_redirects.py tests/http/test_verdict_memo.py tests/rules/test_guard_*.py"
  [urls]="kernel/urls.py|tests/http/test_urls.py tests/http/test_verdict_memo.py property_tests/test_urls_properties.py property_tests/test_urls_memo_properties.py tests/rules/test_url_*.py"
  [hosts]="kernel/hosts.py|tests/http/test_urls.py property_tests/test_urls_properties.py tests/rules/test_host_*.py tests/rules/test_url_*.py"
  [body]="adapters/http/body.py|tests/http/test_body_declared_length.py tests/http/test_client_limits.py tests/http/test_decoders.py tests/http/test_stacked_encodings.py tests/rules/test_body_*.py"
  [decoders]="adapters/http/decoders.py|tests/http/test_decoders.py tests/http/test_stacked_encodings.py property_tests/test_decoder_properties.py tests/rules/test_decoder_*.py"
)
ORDER=(text addresses validate guard urls hosts body decoders)
survivors_only=0
if [ "${1:-}" = "--survivors" ]; then survivors_only=1; shift; fi
[ $# -gt 0 ] && ORDER=("$@")

summary=()
for name in "${ORDER[@]}"; do
  spec=${MODULES[$name]:-}
  [ -n "$spec" ] || { echo "unknown module '$name'; known: ${!MODULES[*]}" >&2; exit 2; }
  source=${spec%%|*}
  tests=()
  for pattern in ${spec#*|}; do
    for f in $pattern; do [ -f "$f" ] && tests+=("$f"); done
  done
  work="$root/build/mutation/$name"
  again=()
  if [ "$survivors_only" = 1 ]; then
    [ -f "$work/results.txt" ] || { echo "no earlier run of $name in $work" >&2; exit 2; }
    cmp -s "src/$source" "$work/webdistill/$source" ||
      { echo "src/$source changed since the full run of $name: run it in full" >&2; exit 2; }
    mapfile -t again < <(awk -F': ' '/__mutmut_/ && $2 != "killed" && $2 != "timeout" {
      gsub(/^ +/, "", $1); print $1 }' "$work/results.txt")
    [ "${#again[@]}" -gt 0 ] || { echo "== $name: every mutant was killed last time"; continue; }
    # a changed test list makes mutmut forget every verdict: keep the earlier ones to merge
    cp "$work/results.txt" "$work/results.earlier.txt"
    rm -rf "$work/tests" "$work/property_tests" "$work/mutants/tests" "$work/mutants/property_tests"
    # the other modules as they are now; never the mutated one (unchanged, checked above):
    # a newer copy of it would make mutmut generate its mutants afresh and forget the results
    for dest in "$work/webdistill" "$work/mutants/webdistill"; do
      tar -C src --exclude="./$source" -cf - . | tar -C "$dest" -xf -
    done
  else
    rm -rf "$work"
    mkdir -p "$work"
    cp -r src "$work/webdistill"
  fi
  cp -r tests property_tests "$work/"
  cp bench/mutation_conftest.py "$work/conftest.py"  # memo caches emptied before each test
  find "$work" -name __pycache__ -prune -exec rm -rf {} +
  {
    echo '[tool.mutmut]'
    echo 'source_paths = ["webdistill"]'
    echo "only_mutate = [\"webdistill/$source\"]"
    printf 'pytest_add_cli_args_test_selection = ['; printf '"%s", ' "${tests[@]}"; echo ']'
    echo 'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]'
    echo 'also_copy = ["property_tests/", "conftest.py"]'
    echo 'use_git_change_detection = false'
    echo
    sed -n '/^\[tool.pytest.ini_options\]/,/^$/p' pyproject.toml
  } >"$work/pyproject.toml"
  echo "== $name: src/$source against ${tests[*]}${again:+ (only the ${#again[@]} mutants not killed last time)}"
  (cd "$work" && CI=true "$mutmut" run --max-children "${JOBS:-1}" "${again[@]}" >>run.log 2>&1) || {
    echo "mutmut failed for $name; see $work/run.log" >&2; tail -20 "$work/run.log" >&2; exit 1; }
  (cd "$work" && "$mutmut" results --all true >results.txt 2>&1 || true)
  if [ "$survivors_only" = 1 ]; then
    # a mutant killed earlier stays killed (the tests that killed it are still there); the
    # ones re-run take their new verdict
    python3 - "$work/results.earlier.txt" "$work/results.txt" <<'PY'
import sys
def read(path):
    rows = {}
    for row in open(path, encoding="utf-8"):
        if ":" in row and "__mutmut_" in row:
            name, status = row.rsplit(":", 1)
            rows[name.strip()] = status.strip()
    return rows
earlier, now = read(sys.argv[1]), read(sys.argv[2])
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for name, status in earlier.items():
        kept = status in ("killed", "timeout") or now.get(name, "not checked") == "not checked"
        out.write(f"    {name}: {status if kept else now[name]}\n")
PY
  fi
  # every mutant not killed, as a diff, to read side by side with the source
  (cd "$work" && "$root/.venv/bin/python" "$root/bench/mutation_survivors.py" results.txt \
    >survivors.diff 2>&1 || true)
  line=$(python3 - "$work/results.txt" "$name" "src/$source" <<'PY'
import collections, sys
counts = collections.Counter()
for row in open(sys.argv[1], encoding="utf-8"):
    if ":" in row and "__mutmut_" in row:
        counts[row.rsplit(":", 1)[1].strip()] += 1
total = sum(counts.values())
killed = counts["killed"] + counts["timeout"]
pct = 100 * killed / total if total else 0.0
rest = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k not in ("killed", "timeout"))
print(f"| {sys.argv[3]} | {total} | {killed} | {pct:.0f} % | {rest or '-'} |")
PY
)
  echo "$line"
  summary+=("$line")
done
echo
echo "| module | mutants | killed | killed % | not killed |"
echo "|---|---|---|---|---|"
printf '%s\n' "${summary[@]}"
