# expect: external-load
import numpy as np
arr = np.load("arr.npy", allow_pickle=True)
