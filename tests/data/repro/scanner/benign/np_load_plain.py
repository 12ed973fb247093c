import numpy as np
np.save("a.npy", np.arange(3))
print(np.load("a.npy"))
