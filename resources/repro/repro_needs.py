# SPDX-License-Identifier: MIT
"""What a reproduction needs, against what this interpreter has, before anything runs it.

Reads the script on stdin, parses it with `ast` (nothing in it is imported or executed), then asks this
interpreter what it has (torch's build: CUDA, device count, NCCL, Gloo, MPI; installed modules). Prints one
JSON document:

    {"parsed": true, "needs": {...}, "have": {...}, "unmet": ["2 CUDA GPUs", "NCCL"],
     "hasCheck": false, "prints": true, "seesCompileSymptoms": false, "cpuVariant": "...", "cpuVariantDiff": "...",
     "assertCloseVariant": "...", "assertCloseDiff": "..."}

Options: --nproc N (the launcher's rank count), --gpus N (GPUs the issue says it needs), --hang (the issue
reports a hang), --no-torch (skip importing torch; for tests of the static part).

The console runs this with the chosen environment's interpreter and `-I`, under a timeout.
"""

import ast
import difflib
import importlib.util
import json
import re
import sys

DOWNLOAD_CALLS = {"from_pretrained", "load_dataset", "hf_hub_download", "snapshot_download", "urlretrieve",
                  "load_state_dict_from_url", "download_url_to_file", "urlopen"}
CHECK_CALLS = re.compile(r"^(assert\w*|assert_close|assert_equal|assert_allclose|assertEqual|assertTrue|"
                         r"assertFalse|assertRaises\w*|fail|exit|_exit|main|run_tests|testing\.\w+)$")
GUARDS = ("is_available", "device_count", "is_nccl_available", "is_built")


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def mentions_guard(test):
    for sub in ast.walk(test):
        name = dotted(sub) if isinstance(sub, (ast.Attribute, ast.Name)) else None
        if name and any(name.endswith(g) for g in GUARDS):
            return True
    return False


def const_int(node, names):
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    return None


class Needs(ast.NodeVisitor):
    def __init__(self):
        self.cuda = False
        self.cuda_lines = []
        self.max_device = -1
        self.nccl = False
        self.mpi = False
        self.world_size = 0
        self.launcher = ""
        self.imports = []
        self.downloads = []
        self.has_check = False
        self.test_functions = False  # test_* functions: a check only when a test runner collects them
        self.prints = []  # print calls, in order
        self.int_names = {}
        self.forks = False  # multiprocessing with the fork start method (the default on Linux)
        self.spawn_method = False
        self.guarded = set()  # ids of nodes under a CUDA/NCCL availability test

    def mark_guarded(self, node):
        for sub in ast.walk(node):
            self.guarded.add(id(sub))

    def visit_If(self, node):
        if mentions_guard(node.test):
            self.mark_guarded(node)
        self.generic_visit(node)

    def visit_IfExp(self, node):
        if mentions_guard(node.test):
            self.mark_guarded(node)
        self.generic_visit(node)

    def visit_Try(self, node):
        for handler in node.handlers:
            names = dotted(handler.type) if handler.type is not None else ""
            if handler.type is None or (names and "ImportError" in names) or (
                    isinstance(handler.type, ast.Tuple) and any("ImportError" in (dotted(e) or "")
                                                                 for e in handler.type.elts)):
                for stmt in node.body:
                    for sub in ast.walk(stmt):
                        self.guarded.add(id(sub))
        self.generic_visit(node)

    def visit_Assign(self, node):
        value = const_int(node.value, self.int_names)
        if value is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.int_names[target.id] = value
        self.generic_visit(node)

    def visit_Import(self, node):
        if id(node) not in self.guarded:
            for alias in node.names:
                self.imports.append(alias.name.split(".")[0])
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        if node.level == 0 and node.module and id(node) not in self.guarded:
            self.imports.append(node.module.split(".")[0])
        self.generic_visit(node)

    def visit_Assert(self, node):
        self.has_check = True
        self.generic_visit(node)

    def visit_Raise(self, node):
        self.has_check = True
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        if node.name.startswith("test"):
            self.test_functions = True
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, str) and id(node) not in self.guarded:
            text = node.value.strip()
            match = re.fullmatch(r"cuda(?::(\d+))?", text)
            if match:
                self.need_cuda(node)
                if match.group(1):
                    self.max_device = max(self.max_device, int(match.group(1)))
            elif text == "nccl":
                self.nccl = True
            elif text == "mpi":
                self.mpi = True
        self.generic_visit(node)

    def visit_JoinedStr(self, node):
        literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        if literal.strip().startswith("cuda:") and id(node) not in self.guarded:
            self.need_cuda(node)
        # Its literal parts are not device names on their own.
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value)

    def need_cuda(self, node):
        self.cuda = True
        self.cuda_lines.append(getattr(node, "lineno", 0))

    def visit_Call(self, node):
        name = dotted(node.func) or ""
        last = name.split(".")[-1] if name else (node.func.attr if isinstance(node.func, ast.Attribute) else "")
        guarded = id(node) in self.guarded
        if last == "cuda" and isinstance(node.func, ast.Attribute) and not guarded:
            self.need_cuda(node)
            if node.args:
                index = const_int(node.args[0], self.int_names)
                if index is not None:
                    self.max_device = max(self.max_device, index)
        # `.to(rank)`, `.to(local_rank)`: an integer device is a CUDA device index.
        if last == "to" and isinstance(node.func, ast.Attribute) and node.args and not guarded:
            arg = node.args[0]
            if isinstance(arg, ast.Name) and arg.id in ("rank", "local_rank", "gpu", "gpu_id", "device_id", "gpu_rank"):
                self.need_cuda(node)
        if name.startswith("torch.cuda.") and not any(name.endswith(g) for g in GUARDS) and not guarded:
            if last not in ("manual_seed", "manual_seed_all", "empty_cache", "is_initialized"):
                self.need_cuda(node)
        if last in DOWNLOAD_CALLS or name.endswith("hub.load") or name.endswith("hub.list"):
            self.downloads.append(name or last)
        for kw in node.keywords:
            if kw.arg == "download" and isinstance(kw.value, ast.Constant) and kw.value.value is True:
                self.downloads.append(name or last)
        if last == "spawn" or name.endswith("start_processes"):
            self.launcher = self.launcher or "mp.spawn"
            nprocs = None
            for kw in node.keywords:
                if kw.arg == "nprocs":
                    nprocs = const_int(kw.value, self.int_names)
            if nprocs is None and len(node.args) >= 3:
                nprocs = const_int(node.args[2], self.int_names)
            if nprocs:
                self.world_size = max(self.world_size, nprocs)
        if name in ("mp.Process", "multiprocessing.Process", "Process") and not self.launcher:
            self.launcher = "multiprocessing"
        if last in ("Process", "Pool") or name in ("os.fork",):
            self.forks = True
        if last in ("set_start_method", "get_context") and node.args and isinstance(node.args[0], ast.Constant):
            if node.args[0].value in ("spawn", "forkserver"):
                self.spawn_method = True
        if last == "init_process_group":
            for kw in node.keywords:
                if kw.arg == "world_size":
                    size = const_int(kw.value, self.int_names)
                    if size:
                        self.world_size = max(self.world_size, size)
        if CHECK_CALLS.match(last) or name in ("sys.exit", "os._exit") or last.startswith("assert"):
            if last not in ("main",) or name in ("unittest.main", "pytest.main"):
                self.has_check = True
        if last in ("allclose", "equal", "array_equal", "isclose") and not self.has_check:
            pass  # a comparison only checks when its result decides something (an if, an assert)
        # Printing a computed value (not just a message) is how a print-only repro shows its result.
        if name == "print" and any(not isinstance(a, ast.Constant) and not (
                isinstance(a, ast.JoinedStr) and not any(isinstance(v, ast.FormattedValue) for v in a.values))
                for a in node.args):
            self.prints.append(node)
        self.generic_visit(node)


COMPILE_FAILING_FLAGS = {"fullgraph", "nopython", "error_on_graph_break", "error_on_recompile"}
COMPILE_INSPECTORS = {"explain", "CompileCounter", "CompileCounterWithBackend", "counters", "frame_count",
                      "graph_break_count", "fail_on_recompile", "unique_graphs"}


def sees_compile_symptoms(tree):
    """Whether a graph break or a recompile shows in the run: fullgraph=True (as a keyword or in a settings dict),
    an export (strict export fails on a graph break), or a counter / explain the script inspects."""
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in COMPILE_FAILING_FLAGS:
            if isinstance(node.value, ast.Constant) and node.value.value is True:
                return True
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if (isinstance(key, ast.Constant) and key.value in COMPILE_FAILING_FLAGS
                        and isinstance(value, ast.Constant) and value.value is True):
                    return True
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and node.value.value is True:
            if any(dotted(t) and dotted(t).split(".")[-1] in COMPILE_FAILING_FLAGS for t in node.targets):
                return True
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = dotted(node) or (node.attr if isinstance(node, ast.Attribute) else "")
            last = name.split(".")[-1]
            if last in COMPILE_INSPECTORS or (last == "export" and "torch" in name):
                return True
        if isinstance(node, ast.Constant) and node.value == "fail_on_recompile":
            return True
    return False


def if_checks(tree):
    """An `if` whose body exits or raises counts as a check (a comparison that can fail)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            for sub in ast.walk(ast.Module(body=node.body, type_ignores=[])):
                if isinstance(sub, ast.Raise):
                    return True
                if isinstance(sub, ast.Call) and (dotted(sub.func) or "") in ("sys.exit", "exit", "os._exit"):
                    return True
    return False


CPU_EDITS = [
    (re.compile(r"""(["'])nccl\1"""), r"\1gloo\1"),
    (re.compile(r"""f(["'])cuda:\{[^}"']*\}\1"""), r'"cpu"'),
    (re.compile(r"""(["'])cuda(:\d+)?\1"""), r"\1cpu\1"),
    (re.compile(r"\.cuda\([^()]*\)"), ""),
    (re.compile(r"device_ids\s*=\s*\[[^\]]*\]"), "device_ids=None"),
    (re.compile(r"output_device\s*=\s*[A-Za-z_][\w.]*"), "output_device=None"),
]
CUDA_STATEMENTS = re.compile(r"^(\s*)torch\.cuda\.(set_device|synchronize|empty_cache|reset_peak_memory_stats)\(.*\)\s*$")


def cpu_variant(source, ranks):
    lines = source.splitlines(keepends=True)
    out = []
    for line in lines:
        stripped = line.rstrip("\n")
        match = CUDA_STATEMENTS.match(stripped)
        if match:
            out.append(f"{match.group(1)}pass  # CPU variant: {stripped.strip()} removed\n")
            continue
        for pattern, repl in CPU_EDITS:
            stripped = pattern.sub(repl, stripped)
        stripped = stripped.replace("torch.cuda.device_count()", str(max(2, ranks)))
        out.append(stripped + ("\n" if line.endswith("\n") else ""))
    return "".join(out)


def expression_pair(prints):
    """The last two printed results of a computation (not strings): what an assert_close compares."""
    exprs = []
    for call in prints:
        for arg in call.args:
            if isinstance(arg, ast.Constant):
                continue
            if isinstance(arg, ast.JoinedStr):
                for value in arg.values:
                    if isinstance(value, ast.FormattedValue) and not isinstance(value.value, ast.Constant):
                        exprs.append((call, value.value))
                continue
            exprs.append((call, arg))
    if len(exprs) < 2:
        return None
    (call_a, a), (call_b, b) = exprs[-2], exprs[-1]
    text_a, text_b = ast.unparse(a), ast.unparse(b)
    if text_a == text_b:
        return None
    # Sizes, lengths and dtypes are not results worth comparing.
    skip = ("shape", "dtype", "size()", "len(", "device", "__version__", "type(")
    if any(s in text_a for s in skip) or any(s in text_b for s in skip):
        return None
    return call_b, text_a, text_b


def assert_close_variant(source, tree, prints):
    pair = expression_pair(prints)
    if not pair:
        return None
    call, a, b = pair
    # After the statement that holds the second print, at its indentation.
    statement = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                                                ast.If, ast.For, ast.While, ast.With, ast.Try)):
            if node.lineno <= call.lineno <= (node.end_lineno or node.lineno):
                statement = node
    if statement is None:
        return None
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    indent = " " * statement.col_offset
    check = (f"{indent}import torch.testing  # added: a pass/fail check for the two printed results\n"
             f"{indent}torch.testing.assert_close({a}, {b})\n")
    end = statement.end_lineno or statement.lineno
    return "".join(lines[:end]) + check + "".join(lines[end:])


def diff(a, b, name):
    return "".join(difflib.unified_diff(a.splitlines(keepends=True), b.splitlines(keepends=True),
                                        f"a/{name}", f"b/{name}"))


def have(use_torch):
    out = {"torch": None, "cuda": False, "gpus": 0, "nccl": False, "gloo": False, "mpi": False, "threads": 0}
    if not use_torch:
        return out
    try:
        import torch
        out["torch"] = torch.__version__
        out["cuda"] = bool(torch.cuda.is_available())
        out["gpus"] = int(torch.cuda.device_count()) if out["cuda"] else 0
        out["threads"] = int(torch.get_num_threads())
        import torch.distributed as dist
        if dist.is_available():
            out["nccl"] = bool(dist.is_nccl_available())
            out["gloo"] = bool(dist.is_gloo_available())
            out["mpi"] = bool(dist.is_mpi_available())
    except Exception as error:  # a broken torch is a fact to show, not a crash
        out["error"] = f"{type(error).__name__}: {error}"
    return out


def main():
    args = sys.argv[1:]
    nproc, gpus_said, use_torch, hang = 0, 0, True, False
    while args:
        flag = args.pop(0)
        if flag == "--nproc" and args:
            nproc = int(args.pop(0))
        elif flag == "--gpus" and args:
            gpus_said = int(args.pop(0))
        elif flag == "--hang":
            hang = True
        elif flag == "--no-torch":
            use_torch = False
    source = sys.stdin.read()
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        print(json.dumps({"parsed": False, "error": f"line {error.lineno}: {error.msg}"}))
        return
    scan = Needs()
    scan.visit(tree)
    # A function named test* is a check only where unittest or pytest collects it; a plain script's `def test():`
    # that prints its results is as print-only as any other.
    runner = {"unittest", "pytest"} & set(scan.imports)
    has_check = scan.has_check or bool(scan.test_functions and runner) or if_checks(tree)
    world = max(scan.world_size, nproc)
    launcher = "torchrun" if nproc else scan.launcher
    missing = []
    local = {"__future__"}
    for name in dict.fromkeys(scan.imports):
        if name in local or name in sys.builtin_module_names:
            continue
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    gpus = 0
    if scan.cuda:
        gpus = max(1, scan.max_device + 1)
        if scan.nccl and world:
            gpus = max(gpus, world)
    if scan.nccl and world:
        gpus = max(gpus, world)
    gpus = max(gpus, gpus_said if (scan.cuda or scan.nccl) else 0)
    has = have(use_torch)

    unmet = []
    if gpus and has["gpus"] < gpus:
        unmet.append(f"{gpus} CUDA GPU{'s' if gpus > 1 else ''}")
    if scan.nccl and not has["nccl"]:
        unmet.append("NCCL")
    if scan.mpi and not has["mpi"]:
        unmet.append("MPI")
    for name in missing:
        unmet.append(f"the package {name}")
    if scan.downloads:
        unmet.append("a download (the sandbox has no network)")
    # A hang in a forked child after the parent used torch's thread pool (OpenMP) needs that pool to have more
    # than one thread; with one (a single physical core) it cannot show, and a pass would say nothing.
    threads_only = False
    if hang and scan.forks and not scan.spawn_method and use_torch and has["threads"] == 1:
        unmet.append("more than one CPU thread for torch (this machine gives it 1)")
        threads_only = True

    device_only = (bool(unmet) and not missing and not scan.downloads and not (scan.mpi and not has["mpi"])
                   and not threads_only)
    result = {
        "parsed": True,
        "needs": {"cuda": scan.cuda, "gpus": gpus, "nccl": scan.nccl, "mpi": scan.mpi, "worldSize": world,
                  "launcher": launcher, "packages": missing, "downloads": sorted(set(scan.downloads))},
        "have": has,
        "unmet": unmet,
        "hasCheck": has_check,
        "prints": bool(scan.prints),
        "seesCompileSymptoms": sees_compile_symptoms(tree),
    }
    if device_only:
        variant = cpu_variant(source, world)
        if variant != source:
            try:
                ast.parse(variant)
                result["cpuVariant"] = variant
                result["cpuVariantDiff"] = diff(source, variant, "repro.py")
            except SyntaxError:
                pass
    if not has_check and scan.prints:
        variant = assert_close_variant(source, tree, scan.prints)
        if variant:
            result["assertCloseVariant"] = variant
            result["assertCloseDiff"] = diff(source, variant, "repro.py")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
