# SPDX-License-Identifier: MIT
# Loaded by every Python process of a sandboxed repro (PYTHONPATH): shortly before the console's timeout kills
# the run, each process dumps all its threads' Python stacks to stderr, so a hang shows where it hangs.
import faulthandler
import os
import sys
import time


def _arm():
    deadline = float(os.environ.get("TC_DEADLINE", "0") or 0)
    left = deadline - time.time() - 2.0
    if left <= 0.5:
        return
    try:
        sys.stderr.write("")  # a closed stderr has nowhere to dump to
        faulthandler.dump_traceback_later(left, repeat=False, exit=False)
    except Exception:
        return


def _arm_forked():
    # faulthandler's timer is not fork-safe (its lock may be held by the parent's watchdog thread): a forked
    # child dumps from a plain thread instead, which needs the GIL but never deadlocks the child.
    deadline = float(os.environ.get("TC_DEADLINE", "0") or 0)
    left = deadline - time.time() - 2.0
    if left <= 0.5:
        return
    import threading

    def dump():
        time.sleep(left)
        try:
            faulthandler.dump_traceback(all_threads=True)
        except Exception:
            pass

    threading.Thread(target=dump, daemon=True).start()


if os.environ.get("TC_DEADLINE"):
    _arm()
    os.register_at_fork(after_in_child=_arm_forked)


# torchrun on a torch built without libuv (resources/repro/launch_ranks.py sets TC_TCPSTORE_NO_LIBUV): the
# rendezvous modules create TCPStores with libuv by default, even under USE_LIBUV=0. Once such a module is
# imported, its TCPStore name becomes a factory that defaults to use_libuv=False.
_PATCHED = {"torch.distributed.rendezvous", "torch.distributed.elastic.rendezvous.static_tcp_rendezvous",
            "torch.distributed.elastic.rendezvous.c10d_rendezvous_backend"}


def _patch_tcp_store(module):
    original = getattr(module, "TCPStore", None)
    if original is None or getattr(original, "_tc_patched", False):
        return

    def tcp_store(*args, **kwargs):
        kwargs.setdefault("use_libuv", False)
        return original(*args, **kwargs)

    tcp_store._tc_patched = True
    module.TCPStore = tcp_store


class _StoreFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name not in _PATCHED:
            return None
        import importlib.machinery
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module):
            run(module)
            _patch_tcp_store(module)

        loader.exec_module = exec_module
        return spec


if os.environ.get("TC_TCPSTORE_NO_LIBUV") == "1":
    sys.meta_path.insert(0, _StoreFinder)
