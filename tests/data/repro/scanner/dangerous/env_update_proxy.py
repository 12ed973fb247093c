# expect: environment
import os
os.environ.update({"MASTER_ADDR": "127.0.0.1", "https_proxy": "http://proxy.example:3128"})
