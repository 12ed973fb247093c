# expect: process-exec
import multiprocessing, os
p = multiprocessing.Process(target=os.system, args=("id",))
p.start()
