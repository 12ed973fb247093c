# SPDX-License-Identifier: MIT
"""Starts a multi-rank reproduction on one machine, inside the console's sandbox.

    python3 launch_ranks.py ranks N SCRIPT [ARGS...]    # our launcher: N local ranks, torchrun's variables
    python3 launch_ranks.py torchrun [TORCHRUN ARGS...] # stock torchrun, its TCP store without libuv

`ranks` starts each rank as `python3 SCRIPT` with the environment torchrun gives its workers (RANK,
WORLD_SIZE, LOCAL_RANK, MASTER_ADDR/PORT, …; env:// rendezvous honours USE_LIBUV=0), prefixes every line
with `[rankN]: `, and, like torchrun, stops the others a few seconds after one rank fails. It ends with

    [launcher] exit codes: rank 0: exit 0, rank 1: exit 1

and exits 0 when every rank did, else with the first failing rank's code. With TC_DEADLINE (a Unix time) set,
it names the ranks that stopped making progress (no output) shortly before the console's timeout.

`torchrun` runs torch.distributed.run with TCPStore's use_libuv defaulting to False: builds without libuv
(Debian's) otherwise die in the rendezvous before any rank starts.
"""

import os
import signal
import socket
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_ranks(n, argv):
    port = free_port()
    start = time.monotonic()
    last = [start] * n
    lines = [0] * n
    out_lock = threading.Lock()
    procs = []

    def pump(rank, stream):
        for raw in iter(stream.readline, b""):
            last[rank] = time.monotonic()
            lines[rank] += 1
            with out_lock:
                sys.stdout.write(f"[rank{rank}]: " + raw.decode(errors="replace"))
                sys.stdout.flush()

    for rank in range(n):
        env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), WORLD_SIZE=str(n), RANK=str(rank),
                   LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(n), GROUP_RANK="0", GROUP_WORLD_SIZE="1",
                   ROLE_RANK=str(rank), ROLE_WORLD_SIZE=str(n), ROLE_NAME="default", TORCHELASTIC_RUN_ID="repro",
                   TC_RANK=str(rank))
        env.setdefault("OMP_NUM_THREADS", "1")
        proc = subprocess.Popen([sys.executable] + argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        procs.append(proc)
        threading.Thread(target=pump, args=(rank, proc.stdout), daemon=True).start()

    deadline = float(os.environ.get("TC_DEADLINE", "0") or 0)

    def watchdog():
        # Shortly before the console's kill: which ranks went quiet first (a hang's first victim).
        wait = deadline - time.time() - 3.0
        if wait <= 0:
            return
        time.sleep(wait)
        now = time.monotonic()
        running = [r for r, p in enumerate(procs) if p.poll() is None]
        if not running:
            return
        quiet = sorted(running, key=lambda r: last[r])
        first = quiet[0]
        detail = ", ".join(f"rank {r}: {now - last[r]:.1f} s" for r in quiet)
        with out_lock:
            sys.stdout.write(f"[launcher] no progress: rank {first} stopped first (silent for {detail})\n")
            sys.stdout.flush()

    if deadline:
        threading.Thread(target=watchdog, daemon=True).start()

    failed = None
    while True:
        codes = [p.poll() for p in procs]
        if failed is None:
            for rank, code in enumerate(codes):
                if code not in (None, 0):
                    failed = (rank, code)
                    stop_at = time.monotonic() + 5.0
                    break
        if failed is not None and time.monotonic() >= stop_at:
            for p in procs:
                if p.poll() is None:
                    p.send_signal(signal.SIGTERM)
            stop_at = float("inf")
        if all(c is not None for c in codes):
            break
        time.sleep(0.05)
    time.sleep(0.2)  # the pumps' last lines
    parts = []
    for rank, p in enumerate(procs):
        code = p.returncode
        parts.append(f"rank {rank}: " + (f"signal {-code} ({signal.Signals(-code).name})" if code < 0
                                         else f"exit {code}"))
    print("[launcher] exit codes: " + ", ".join(parts), flush=True)
    if failed is None:
        return 0
    code = failed[1]
    return 128 - code if code < 0 else code


def run_torchrun(argv):
    # The sandbox's sitecustomize makes every rendezvous TCPStore default to use_libuv=False once this is set,
    # in this process and in the workers torchrun starts (they inherit the environment).
    os.environ["TC_TCPSTORE_NO_LIBUV"] = "1"
    try:
        import sitecustomize  # noqa: F401  (already imported at startup when on PYTHONPATH)
        if not any(getattr(f, "__name__", "") == "_StoreFinder" for f in sys.meta_path):
            sys.meta_path.insert(0, sitecustomize._StoreFinder)
    except ImportError:
        pass
    from torch.distributed.run import main
    sys.argv = ["torchrun"] + argv
    return main()


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "ranks" and len(sys.argv) > 3:
        sys.exit(run_ranks(int(sys.argv[2]), sys.argv[3:]))
    if mode == "torchrun":
        sys.exit(run_torchrun(sys.argv[2:]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
