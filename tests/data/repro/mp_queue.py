# A multiprocessing queue and event between two processes (needs a writable /dev/shm in the sandbox).
import multiprocessing as mp


def child(q, e):
    q.put("from child")
    e.set()


if __name__ == "__main__":
    q = mp.Queue()
    e = mp.Event()
    p = mp.Process(target=child, args=(q, e))
    p.start()
    assert e.wait(30)
    assert q.get(timeout=30) == "from child"
    p.join()
    print("queue ok", flush=True)
