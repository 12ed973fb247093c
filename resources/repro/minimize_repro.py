# SPDX-License-Identifier: MIT
# Candidate generator for Triage Console's repro minimizer. It only parses and rewrites code (Python's
# own `ast`); it never runs the repro. Request on stdin, answer on stdout, both JSON:
#   {"op": "candidates", "source": S, "pass": "imports"|"statements"|"unwrap"|"literals"}
#       -> {"ok": true, "size": N, "candidates": [{"description": D, "source": S2, "size": N2}, ...]}
#       Every candidate parses, differs from S and is smaller (N2 < N); bigger cuts come first.
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


PASSES = {
    "imports": import_candidates,
    "statements": statement_candidates,
    "unwrap": unwrap_candidates,
    "literals": literal_candidates,
}


def candidates(source, which):
    tree = ast.parse(source)
    base = size_of(source)
    seen = {source}
    out = []
    for description, new_tree in PASSES[which](tree):
        try:
            text = render(new_tree)
            compile(text, "<candidate>", "exec")
        except (SyntaxError, ValueError, TypeError, RecursionError):
            continue
        n = size_of(text)
        if text in seen or n >= base:
            continue
        seen.add(text)
        out.append({"description": description, "source": text, "size": n})
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
