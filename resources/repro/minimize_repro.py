# SPDX-License-Identifier: MIT
# Candidate generator for Triage Console's repro minimizer. It only parses and rewrites code (Python's
# own `ast`); it never runs the repro. Request on stdin, answer on stdout, both JSON:
#   {"op": "candidates", "source": S, "pass": "imports"|"statements"|"unwrap"|"literals"|"simpler"}
#       -> {"ok": true, "size": N, "candidates": [{"description": D, "source": S2, "size": N2}, ...]}
#       Every candidate parses, differs from S and is smaller (N2 < N); bigger cuts come first. The "simpler"
#       pass is the exception: a simpler backend, the CPU, float32 or a smaller model need not be shorter. Its
#       candidates carry "condition": what the bug needs when the candidate stops reproducing it.
#   {"op": "diff", "a": A, "b": B, "from": NAME, "to": NAME} -> {"ok": true, "diff": UNIFIED}
# A source that does not parse gives {"ok": false, "error": ...}.
import ast
import copy
import difflib
import json
import sys

BLOCK_FIELDS = ("body", "orelse", "finalbody")


def size_of(source):
    # Non-space characters: removing, unwrapping and shrinking all make it smaller.
    return sum(1 for c in source if not c.isspace())


def render(tree):
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def blocks(tree):
    """Every statement list in the tree, outermost first, as (owner, field)."""
    out = []
    for node in ast.walk(tree):
        for field in BLOCK_FIELDS:
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                out.append((node, field))
        if isinstance(node, ast.Try) or (hasattr(ast, "TryStar") and isinstance(node, ast.TryStar)):
            for handler in node.handlers:
                out.append((handler, "body"))
    return out


def locate(tree, path):
    node = tree
    for step in path:
        node = step(node)
    return node


def with_block_edit(tree, block_index, edit):
    """A deep copy of `tree` where the block_index-th statement list is replaced by edit(list)."""
    clone = copy.deepcopy(tree)
    owner, field = blocks(clone)[block_index]
    new = edit(list(getattr(owner, field)))
    if not new:
        # A block must keep a statement; the module may be empty.
        new = [] if isinstance(owner, ast.Module) else [ast.Pass()]
    setattr(owner, field, new)
    return clone


def chunkings(n):
    # ddmin's granularities: halves, quarters, ... single statements.
    size = n // 2 if n > 1 else 1
    seen = set()
    while size >= 1:
        if size not in seen:
            seen.add(size)
            yield size
        if size == 1:
            break
        size //= 2


def used_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
    return names


def import_candidates(tree):
    found = []
    body_blocks = blocks(tree)
    used = used_names(tree)
    unused_cut = []
    for bi, (owner, field) in enumerate(body_blocks):
        for si, stmt in enumerate(getattr(owner, field)):
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                bound = [(a.asname or a.name).split(".")[0] for a in stmt.names]
                if "*" not in bound and not any(b in used for b in bound):
                    unused_cut.append((bi, si))
                found.append((bi, si, stmt))
    out = []
    if unused_cut:
        clone = copy.deepcopy(tree)
        cb = blocks(clone)
        for bi, si in sorted(unused_cut, reverse=True):
            owner, field = cb[bi]
            lst = getattr(owner, field)
            del lst[si]
            if not lst and not isinstance(owner, ast.Module):
                lst.append(ast.Pass())
        out.append(("drop %d unused import(s)" % len(unused_cut), clone))
    for bi, si, stmt in found:
        out.append(("drop `%s`" % ast.unparse(stmt)[:60],
                    with_block_edit(tree, bi, lambda l, si=si: l[:si] + l[si + 1:])))
    return out


def statement_candidates(tree):
    out = []
    for bi, (owner, field) in enumerate(blocks(tree)):
        stmts = getattr(owner, field)
        n = len(stmts)
        for size in chunkings(n):
            for start in range(0, n, size):
                end = min(n, start + size)
                if size == 1:
                    what = "drop line %d `%s`" % (getattr(stmts[start], "lineno", 0),
                                                  ast.unparse(stmts[start]).split("\n")[0][:50])
                else:
                    what = "drop statements %d-%d of a block" % (start + 1, end)
                out.append((what, with_block_edit(tree, bi, lambda l, s=start, e=end: l[:s] + l[e:])))
    return out


def unwrapped(stmt):
    """Replacement statements for a compound statement, or None."""
    if isinstance(stmt, ast.If):
        return [stmt.body, stmt.orelse] if stmt.orelse else [stmt.body]
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        # One iteration's worth: the body alone, or with the loop variable bound to a range's start.
        variants = [stmt.body]
        it = stmt.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args:
            start = it.args[0] if len(it.args) > 1 else ast.Constant(0)
            variants.append([ast.Assign(targets=[stmt.target], value=start)] + stmt.body)
        return variants
    if isinstance(stmt, ast.While):
        return [stmt.body]
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        pre = []
        for item in stmt.items:
            if item.optional_vars is not None:
                pre.append(ast.Assign(targets=[item.optional_vars], value=item.context_expr))
            else:
                pre.append(ast.Expr(item.context_expr))
        return [pre + stmt.body]
    if isinstance(stmt, ast.Try):
        return [stmt.body + stmt.orelse + stmt.finalbody]
    return None


def returns_or_yields(fn):
    for node in ast.walk(fn):
        if node is fn:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal)):
            return True
    return False


def unwrap_candidates(tree):
    out = []
    for bi, (owner, field) in enumerate(blocks(tree)):
        for si, stmt in enumerate(getattr(owner, field)):
            for variant in unwrapped(stmt) or []:
                label = "unwrap `%s` at line %d" % (type(stmt).__name__.lower(), getattr(stmt, "lineno", 0))
                out.append((label, with_block_edit(tree, bi, lambda l, si=si, v=variant: l[:si] + v + l[si + 1:])))
    # A module-level function without parameters, called once as a statement (`main()`): inline its body.
    module = tree.body
    for di, fn in enumerate(module):
        if not isinstance(fn, ast.FunctionDef) or fn.args.args or fn.args.vararg or fn.args.kwarg \
                or fn.args.kwonlyargs or fn.args.posonlyargs or fn.decorator_list or returns_or_yields(fn):
            continue
        calls = [(bi, si) for bi, (owner, field) in enumerate(blocks(tree))
                 for si, s in enumerate(getattr(owner, field))
                 if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and not s.value.args
                 and isinstance(s.value.func, ast.Name) and s.value.func.id == fn.name]
        if len(calls) != 1 or sum(1 for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == fn.name) != 1:
            continue
        bi, si = calls[0]
        clone = copy.deepcopy(tree)
        owner, field = blocks(clone)[bi]
        if owner is clone and si < di:
            continue  # called before it is defined: leave it to fail as it does
        getattr(owner, field)[si:si + 1] = copy.deepcopy(fn.body)
        del clone.body[di]  # the call sits after the def (or inside another block), so di is still the def
        out.append(("inline `%s()`" % fn.name, clone))
    return out


class Shrink(ast.NodeTransformer):
    def __init__(self, target):
        self.target = target
        self.index = -1

    def visit_Call(self, node):
        self.generic_visit(node)
        for arg in list(node.args) + [k.value for k in node.keywords]:
            for lit in ast.walk(arg):
                if isinstance(lit, ast.Constant) and type(lit.value) is int and lit.value > 2:
                    self.index += 1
                    if self.target is None or self.target == self.index:
                        lit.value = 2
        return node


def literal_candidates(tree):
    counter = Shrink(-1)
    counter.visit(copy.deepcopy(tree))
    count = counter.index + 1
    out = []
    if count > 1:
        out.append(("shrink %d integer arguments to 2" % count, Shrink(None).visit(copy.deepcopy(tree))))
    for i in range(count):
        out.append(("shrink integer argument #%d to 2" % (i + 1), Shrink(i).visit(copy.deepcopy(tree))))
    return out


def is_torch_compile(func):
    # torch.compile and torch._dynamo.optimize
    return (isinstance(func, ast.Attribute) and func.attr in ("compile", "optimize")
            and ast.unparse(func.value) in ("torch", "torch._dynamo"))


SIMPLER_BACKEND = {"inductor": "aot_eager", "aot_eager": "eager"}
LOW_PRECISION = {"float16", "half", "bfloat16", "float64", "double"}


class Backend(ast.NodeTransformer):
    """Every torch.compile one backend simpler: inductor (the default) -> aot_eager -> eager."""

    def __init__(self):
        self.was = None

    def visit_Call(self, node):
        self.generic_visit(node)
        if not is_torch_compile(node.func):
            return node
        if node.func.attr == "optimize":
            if node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in SIMPLER_BACKEND:
                self.was = self.was or node.args[0].value
                node.args[0] = ast.Constant(SIMPLER_BACKEND[node.args[0].value])
            return node
        for kw in node.keywords:
            if kw.arg == "backend":
                if isinstance(kw.value, ast.Constant) and kw.value.value in SIMPLER_BACKEND:
                    self.was = self.was or kw.value.value
                    kw.value = ast.Constant(SIMPLER_BACKEND[kw.value.value])
                return node
        self.was = self.was or "inductor"
        node.keywords.append(ast.keyword("backend", ast.Constant("aot_eager")))
        return node


class Cpu(ast.NodeTransformer):
    """"cuda"/"cuda:0" -> "cpu"; x.cuda() -> x; x.to("cuda") follows from the string."""

    def __init__(self):
        self.changed = False

    def visit_Constant(self, node):
        if isinstance(node.value, str) and (node.value == "cuda" or node.value.startswith("cuda:")):
            self.changed = True
            return ast.copy_location(ast.Constant("cpu"), node)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "cuda" and not node.args:
            self.changed = True
            return node.func.value
        return node


class Float32(ast.NodeTransformer):
    def __init__(self):
        self.was = set()

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr in LOW_PRECISION and isinstance(node.value, ast.Name) and node.value.id == "torch":
            self.was.add(node.attr)
            node.attr = "float32"
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if (isinstance(node.func, ast.Attribute) and node.func.attr in ("half", "double", "bfloat16")
                and not node.args):
            self.was.add(node.func.attr)
            node.func.attr = "float"
        return node


def is_nn_module_call(func):
    text = ast.unparse(func)
    return text.startswith("nn.") or text.startswith("torch.nn.")


class SmallerModel(ast.NodeTransformer):
    """Integer sizes of at least 8 in nn.* constructors (Linear(4096, 4096), Conv2d(64, ...)) down to 4."""

    def __init__(self):
        self.changed = False

    def visit_Call(self, node):
        self.generic_visit(node)
        if not is_nn_module_call(node.func):
            return node
        for arg in list(node.args) + [k.value for k in node.keywords]:
            if isinstance(arg, ast.Constant) and type(arg.value) is int and arg.value >= 8:
                arg.value = 4
                self.changed = True
        return node


def simpler_candidates(tree):
    out = []
    b = Backend()
    new = b.visit(copy.deepcopy(tree))
    if b.was:
        out.append(("backend %s -> %s" % (b.was, SIMPLER_BACKEND[b.was]), new,
                    "the %s backend (it does not fail with %s)" % (b.was, SIMPLER_BACKEND[b.was])))
    c = Cpu()
    new = c.visit(copy.deepcopy(tree))
    if c.changed:
        out.append(("run on the CPU instead of CUDA", new, "CUDA (it does not fail on the CPU)"))
    f = Float32()
    new = f.visit(copy.deepcopy(tree))
    if f.was:
        was = ", ".join(sorted(f.was))
        out.append(("float32 instead of %s" % was, new, "the dtype %s (it does not fail in float32)" % was))
    m = SmallerModel()
    new = m.visit(copy.deepcopy(tree))
    if m.changed:
        out.append(("smaller model sizes (nn.* sizes down to 4)", new))
    return out


PASSES = {
    "imports": import_candidates,
    "statements": statement_candidates,
    "unwrap": unwrap_candidates,
    "literals": literal_candidates,
    "simpler": simpler_candidates,
}


def candidates(source, which):
    tree = ast.parse(source)
    base = size_of(source)
    seen = {source}
    out = []
    for entry in PASSES[which](tree):
        description, new_tree = entry[0], entry[1]
        condition = entry[2] if len(entry) > 2 else None
        try:
            text = render(new_tree)
            compile(text, "<candidate>", "exec")
        except (SyntaxError, ValueError, TypeError, RecursionError):
            continue
        n = size_of(text)
        if text in seen or (n >= base and which != "simpler"):
            continue
        seen.add(text)
        candidate = {"description": description, "source": text, "size": n}
        if condition:
            candidate["condition"] = condition
        out.append(candidate)
    return {"ok": True, "size": base, "candidates": out}


def main():
    request = json.loads(sys.stdin.read())
    op = request.get("op")
    try:
        if op == "candidates":
            answer = candidates(request["source"], request.get("pass", "statements"))
        elif op == "diff":
            lines = difflib.unified_diff(request["a"].splitlines(keepends=True), request["b"].splitlines(keepends=True),
                                         request.get("from", "original.py"), request.get("to", "minimized.py"))
            answer = {"ok": True, "diff": "".join(l if l.endswith("\n") else l + "\n" for l in lines)}
        else:
            answer = {"ok": False, "error": "unknown op %r" % op}
    except SyntaxError as e:
        answer = {"ok": False, "error": "line %s: %s" % (e.lineno, e.msg)}
    except RecursionError:
        answer = {"ok": False, "error": "the code nests too deeply to rewrite"}
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
