# SPDX-License-Identifier: MIT
"""Operator probe: what DTensor does with an ATen op today, found by running it.

Usage: dtensor_probe.py OP [OP ...] [--ranks 2,4]
OP is an ATen overload such as aten.cumsum.default (aten.kron works too: .default is assumed).

The script starts its own ranks (torch.multiprocessing spawn) on a CPU Gloo mesh, initialised through a
FileStore in the working folder, builds inputs from each op's schema (shapes that divide the mesh, shapes that do
not, a broadcasting case when the op broadcasts), tries every placement of every tensor input (Shard(d) for each
dim, Replicate(), Partial() for floating inputs) and compares each result with the single-device one.

Prints one JSON object per line on stdout (rank 0 only):
  {"kind": "op", ...}           the op, its schema, DTensor's registry entry, the cases built
  {"kind": "combination", ...}  one per op x ranks x case x placements
  {"kind": "summary", ...}      one per op x ranks: counts and wall time
  {"kind": "error", ...}        an op the probe could not build inputs for, or a rank that failed
"""
import datetime
import itertools
import json
import os
import sys
import tempfile
import time
import traceback

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

EVEN = (4, 8)
UNEVEN = (5, 7)
EVEN3 = (4, 8, 4)
UNEVEN3 = (5, 7, 3)
NO_STRATEGY = "does not have a sharding strategy registered"
HANG_SECONDS = 30
MAX_RESTARTS = 8


def emit(record):
    sys.stdout.write(json.dumps(record, sort_keys=True) + "\n")
    sys.stdout.flush()


def resolve(name):
    parts = name.strip().split(".")
    if parts and parts[0] == "torch":
        parts = parts[1:]
    if parts and parts[0] == "ops":
        parts = parts[1:]
    if not parts or parts[0] != "aten":
        parts = ["aten"] + parts
    if len(parts) == 2:
        parts.append("default")
    if len(parts) != 3:
        raise ValueError(f"not an ATen op name: {name}")
    packet = getattr(torch.ops.aten, parts[1])
    return getattr(packet, parts[2])


# ---- inputs from the schema -------------------------------------------------------------------------------
def _is_tensor(t):
    return isinstance(t, torch.TensorType)


def _is_optional(t):
    return isinstance(t, torch.OptionalType)


def _list_of_int(t):
    return isinstance(t, torch.ListType) and isinstance(t.getElementType(), torch.IntType)


def build_args(op, shape, second_shape, gen):
    """Arguments for `op`: tensors in place, ("T", i) markers kept in `slots` for the tensor inputs."""
    args, slots = [], []
    tensor_index = 0
    ndim = len(shape)
    for a in op._schema.arguments:
        if a.kwarg_only:
            continue
        t = a.type
        if _is_tensor(t):
            s = shape if tensor_index == 0 else second_shape
            if a.name in ("index", "indices"):
                x = torch.randint(0, min(shape), s, generator=gen)
            else:
                x = torch.randn(s, generator=gen, dtype=torch.float64)
            slots.append(len(args))
            args.append(x)
            tensor_index += 1
        elif a.has_default_value():
            break  # defaults from here on
        elif _is_optional(t):
            args.append(None)
        elif isinstance(t, torch.IntType):
            args.append(1 if a.name in ("dim", "dim0") else (0 if a.name == "dim1" else 2))
            if a.name == "dim1":
                args[-1] = 0
        elif isinstance(t, torch.SymIntType):
            args.append(2)
        elif _list_of_int(t) or (isinstance(t, torch.ListType) and isinstance(t.getElementType(), torch.SymIntType)):
            if a.name in ("dims", "perm"):
                args.append(list(reversed(range(ndim))))
            elif a.name in ("size", "shape"):
                args.append([-1])
            elif a.name == "dim":
                args.append([1])
            else:
                args.append([1] * ndim)
        elif isinstance(t, torch.NumberType):
            args.append(2.0)
        elif isinstance(t, torch.FloatType):
            args.append(0.5)
        elif isinstance(t, torch.BoolType):
            args.append(False)
        else:
            raise ValueError(f"cannot build argument {a.name}: {t}")
    return args, slots


def call_text(op, args, slots):
    """The call as Python, tensor inputs named t0, t1, …; and how to build each input."""
    parts, inputs = [], []
    for i, a in enumerate(args):
        if i in slots:
            n = slots.index(i)
            parts.append(f"t{n}")
            kind = "float" if a.is_floating_point() else "index"
            inputs.append({"name": f"t{n}", "shape": list(a.shape), "kind": kind,
                           "high": int(a.max().item()) + 1 if kind == "index" else None})
        else:
            parts.append(repr(a))
    return f"torch.ops.{op}({', '.join(parts)})", inputs


def tensor_count(op):
    return sum(1 for a in op._schema.arguments if _is_tensor(a.type) and not a.kwarg_only)


def first_output(out):
    if isinstance(out, (tuple, list)):
        return out[0] if out else None
    return out


def try_single(op, shape, second_shape, seed=0):
    gen = torch.Generator().manual_seed(seed)
    args, slots = build_args(op, shape, second_shape, gen)
    out = op(*args)
    return args, slots, out


def build_cases(op):
    """The input cases for `op`: [(name, shape, second_shape)], checked on one device."""
    n = tensor_count(op)
    if n == 0:
        raise ValueError("the op takes no tensor input")
    cases = []
    for even, uneven in ((EVEN, UNEVEN), (EVEN3, UNEVEN3)):
        for second in (lambda s: s, lambda s: tuple(s[:-2]) + (s[-1], s[-2]), lambda s: (3,)):
            try:
                try_single(op, even, second(even))
                try_single(op, uneven, second(uneven))
            except Exception:
                continue
            cases = [("divides", even, second(even)), ("does not divide", uneven, second(uneven))]
            break
        if cases:
            break
    if not cases:
        # Report the error of the plainest attempt.
        try_single(op, EVEN, EVEN)
        raise ValueError("no input shape the op accepts")
    if n >= 2:
        even, second = cases[0][1], cases[0][2]
        bshape = (even[-1],) if second == even else None
        if bshape is not None:
            try:
                _, _, out = try_single(op, even, bshape)
                o = first_output(out)
                if isinstance(o, torch.Tensor) and tuple(o.shape) == tuple(first_output(try_single(op, even, even)[2]).shape):
                    cases.append(("broadcast", even, bshape))
            except Exception:
                pass
    return cases


# ---- the registry --------------------------------------------------------------------------------------------
def registry_entry(op):
    from torch.distributed.tensor import DTensor
    from torch.utils._python_dispatch import TorchDispatchMode

    dispatcher = DTensor._op_dispatcher
    prop = dispatcher.sharding_propagator

    def registered(o):
        return o in prop.op_strategy_funcs or o in prop.op_to_rules or o in dispatcher._custom_op_handlers

    direct = registered(op)
    composite = torch._C._dispatch_has_kernel_for_dispatch_key(op.name(), "CompositeImplicitAutograd")
    reaches = []
    if not direct and composite:
        class Trace(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                if func not in reaches:
                    reaches.append(func)
                return func(*args, **(kwargs or {}))

        try:
            cases = build_cases(op)
            gen = torch.Generator().manual_seed(0)
            args, _ = build_args(op, cases[0][1], cases[0][2], gen)
            with Trace():
                op(*args)
        except Exception:
            pass
    missing = [str(o) for o in reaches if not registered(o) and not str(o).startswith("aten._to_copy")]
    supported = direct or (composite and bool(reaches) and not missing)
    return {"registered": direct, "composite": bool(composite), "reaches": [str(o) for o in reaches],
            "unregistered": missing, "supported": bool(supported)}


# ---- placements ------------------------------------------------------------------------------------------------
def placement_options(t):
    from torch.distributed.tensor import Partial, Replicate, Shard
    opts = [Shard(d) for d in range(t.dim())] + [Replicate()]
    if t.is_floating_point():
        opts.append(Partial())
    return opts


def to_dtensor(t, placement, mesh, rank, world):
    from torch.distributed.tensor import DTensor, Partial, distribute_tensor
    if isinstance(placement, Partial):
        local = t.clone() if rank == 0 else torch.zeros_like(t)
        return DTensor.from_local(local, mesh, [placement], run_check=False)
    return distribute_tensor(t, mesh, [placement])


def placement_name(p):
    from torch.distributed.tensor import Partial, Replicate, Shard
    if isinstance(p, Shard):
        return f"Shard({p.dim})"
    if isinstance(p, Replicate):
        return "Replicate()"
    if isinstance(p, Partial):
        return "Partial()" if p.reduce_op == "sum" else f"Partial({p.reduce_op})"
    return str(p)


def short_error(exc):
    text = f"{type(exc).__name__}: {exc}"
    first = text.strip().splitlines()
    text = first[0] if first else type(exc).__name__
    return text[:400]


def compare(expected, got):
    from torch.distributed.tensor import DTensor
    exp = expected if isinstance(expected, (tuple, list)) else [expected]
    res = got if isinstance(got, (tuple, list)) else [got]
    if len(exp) != len(res):
        return f"{len(res)} outputs, expected {len(exp)}"
    for e, r in zip(exp, res):
        if isinstance(r, DTensor):
            r = r.full_tensor()
        if isinstance(e, torch.Tensor):
            try:
                torch.testing.assert_close(r, e, check_dtype=False)
            except Exception as exc:  # AssertionError, or a shape mismatch
                return short_error(exc)
    return None


def local_shape_problem(got, mesh, rank):
    """("wrong", why) when a local shard's shape is not the one its DTensor's placements give; else None."""
    from torch.distributed.tensor import DTensor
    from torch.distributed.tensor._utils import compute_local_shape_and_global_offset
    outs = got if isinstance(got, (tuple, list)) else [got]
    for n, o in enumerate(outs):
        if isinstance(o, DTensor):
            expected, _ = compute_local_shape_and_global_offset(o.shape, mesh, o.placements)
            if tuple(o.to_local().shape) != tuple(expected):
                return ("wrong", f"output {n} on rank {rank}: local shard of shape {list(o.to_local().shape)}, "
                                 f"but {list(o.shape)} under {[placement_name(p) for p in o.placements]} "
                                 f"gives {list(expected)}")
    return None


def output_placements(got):
    from torch.distributed.tensor import DTensor
    outs = got if isinstance(got, (tuple, list)) else [got]
    names = []
    for o in outs:
        if isinstance(o, DTensor):
            names.append([placement_name(p) for p in o.placements])
    return names[0] if len(names) == 1 else names


def case_record(op, case, shape, second):
    args, slots, out = try_single(op, shape, second, seed=1234)
    call, inputs = call_text(op, args, slots)
    first = first_output(out)
    return {"case": case, "call": call, "inputs": inputs,
            "output_shape": list(first.shape) if isinstance(first, torch.Tensor) else None}


def note_current(path, state):
    """Where rank 0 is, so that the parent can say which combination hung and resume after it."""
    if path:
        with open(path + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(path + ".tmp", path)


def probe_op(op_name, mesh, control, rank, world, skip=(), resumed=False, current_path=None):
    from torch.distributed.tensor.debug import CommDebugMode

    started = time.monotonic()
    counts = {"combinations": 0, "ok": 0, "raises": 0, "wrong": 0, "no_strategy": 0}
    try:
        op = resolve(op_name)
        cases = build_cases(op)
    except Exception as exc:
        if rank == 0:
            emit({"kind": "error", "op": op_name, "ranks": world, "error": short_error(exc)})
        return
    if rank == 0 and not resumed:
        emit({"kind": "op", "op": str(op), "ranks": world, "schema": str(op._schema),
              "registry": registry_entry(op),
              "cases": [case_record(op, c, s, s2) for c, s, s2 in cases]})
    index = -1
    for case, shape, second in cases:
        args, slots, expected = try_single(op, shape, second, seed=1234)
        tensors = [args[i] for i in slots]
        in_shapes = [list(t.shape) for t in tensors]
        exp_first = first_output(expected)
        out_shape = list(exp_first.shape) if isinstance(exp_first, torch.Tensor) else None
        for combo in itertools.product(*[placement_options(t) for t in tensors]):
            index += 1
            record = {"kind": "combination", "op": str(op), "ranks": world, "case": case,
                      "input_shapes": in_shapes, "output_shape": out_shape,
                      "placements": [placement_name(p) for p in combo]}
            if index in skip:
                continue  # it hung before; the parent reported it
            if rank == 0:
                note_current(current_path, {"name": op_name, "index": index, "record": record})
            counts["combinations"] += 1
            got, failure = None, None
            try:
                dargs = list(args)
                for i, p in zip(slots, combo):
                    dargs[i] = to_dtensor(args[i], p, mesh, rank, world)
                with CommDebugMode() as comm:
                    got = op(*dargs)
                collectives = comm.get_total_counts()
                record["output_placements"] = output_placements(got)
                record["redistributed"] = collectives > 0
                record["collectives"] = collectives
                failure = local_shape_problem(got, mesh, rank)
            except Exception as exc:
                failure = ("raises", short_error(exc))
            # The ranks agree on what happened (on a group of their own, so a rank that raised early cannot be
            # matched with a collective of the op), before any of them gathers the result.
            failures = [None] * world
            dist.all_gather_object(failures, failure, group=control)
            failed_ranks = [r for r, f in enumerate(failures) if f is not None]
            wrong_ranks = [r for r in failed_ranks if failures[r][0] == "wrong"]
            if wrong_ranks:
                # A shard that does not have the shape its placement says: a wrong result, found without
                # gathering (the gather itself would hang or fail on such a tensor).
                record.update({"status": "wrong", "error": failures[wrong_ranks[0]][1], "strategy": True,
                               "failed_ranks": wrong_ranks})
                counts["wrong"] += 1
            elif failed_ranks:
                message = failures[failed_ranks[0]][1]
                record.pop("output_placements", None)
                record.update({"status": "raises", "error": message, "strategy": NO_STRATEGY not in message})
                if len(failed_ranks) < world:
                    record["failed_ranks"] = failed_ranks
                counts["raises"] += 1
                if NO_STRATEGY in message:
                    counts["no_strategy"] += 1
            else:
                record["strategy"] = True
                try:
                    mismatch = compare(expected, got)
                except Exception as exc:  # gathering the result failed (e.g. a reduce op Gloo lacks)
                    mismatch = None
                    record.update({"status": "raises", "error": "gathering the result: " + short_error(exc)})
                    counts["raises"] += 1
                if record.get("status") == "raises":
                    pass
                elif mismatch is None:
                    record["status"] = "ok"
                    counts["ok"] += 1
                else:
                    record["status"] = "wrong"
                    record["error"] = mismatch
                    counts["wrong"] += 1
            if rank == 0:
                emit(record)
    if rank == 0:
        emit({"kind": "summary", "op": str(op), "ranks": world, "seconds": round(time.monotonic() - started, 3),
              "strategy": counts["no_strategy"] == 0, **counts})


def worker(rank, world, store_path, ops, skip, resumed, current_path):
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh

    torch.set_num_threads(1)
    store = dist.FileStore(store_path, world)
    # Short: ranks that disagree (one raised, the others wait in a collective) are found by this timeout.
    dist.init_process_group("gloo", store=store, rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=HANG_SECONDS))
    try:
        mesh = init_device_mesh("cpu", (world,))
        control = dist.new_group(backend="gloo")
        for name in ops:
            try:
                probe_op(name, mesh, control, rank, world, skip.get(name, ()), name == resumed, current_path)
            except Exception as exc:
                if rank == 0:
                    emit({"kind": "error", "op": name, "ranks": world, "error": short_error(exc),
                          "trace": traceback.format_exc()[-2000:]})
            dist.barrier()
    finally:
        dist.destroy_process_group()


def run_mesh(world, ops, workdir):
    """Probes `ops` on `world` ranks; when the ranks hang or die on a combination, reports it and resumes after it."""
    skip, resumed, remaining = {}, None, list(ops)
    for attempt in range(MAX_RESTARTS + 1):
        store_path = os.path.join(workdir, f"store-{world}-{attempt}")
        current_path = os.path.join(workdir, f"current-{world}")
        if os.path.exists(current_path):
            os.remove(current_path)
        try:
            mp.spawn(worker, args=(world, store_path, remaining, skip, resumed, current_path), nprocs=world, join=True)
            return True
        except Exception as exc:
            try:
                with open(current_path) as f:
                    where = json.load(f)
            except (OSError, ValueError):
                emit({"kind": "error", "op": None, "ranks": world, "error": short_error(exc)})
                return False
            record = where["record"]
            record.update({"status": "raises", "strategy": True, "hang": True,
                           "error": f"the ranks diverged (one failed, the others waited) and were stopped after "
                                    f"{HANG_SECONDS} s: {short_error(exc)}"})
            emit(record)
            skip.setdefault(where["name"], set()).add(where["index"])
            resumed = where["name"]
            remaining = remaining[remaining.index(resumed):]
    emit({"kind": "error", "op": resumed, "ranks": world, "error": f"gave up after {MAX_RESTARTS} restarts"})
    return False


def main(argv):
    ops, ranks = [], [2, 4]
    it = iter(argv)
    for arg in it:
        if arg == "--ranks":
            ranks = [int(r) for r in next(it).split(",") if r]
        elif arg.startswith("--ranks="):
            ranks = [int(r) for r in arg.split("=", 1)[1].split(",") if r]
        else:
            ops.append(arg)
    if not ops:
        sys.stderr.write("usage: dtensor_probe.py OP [OP ...] [--ranks 2,4]\n")
        return 2
    emit({"kind": "start", "torch": torch.__version__, "ops": ops, "ranks": ranks})
    workdir = tempfile.mkdtemp(prefix="probe-", dir=os.environ.get("TMPDIR", os.getcwd()))
    failed = False
    for world in ranks:
        failed = not run_mesh(world, ops, workdir) or failed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
