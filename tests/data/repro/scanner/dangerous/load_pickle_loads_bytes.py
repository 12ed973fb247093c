# expect: external-load
import pickle
obj = pickle.loads(b"cos\nsystem\n(S'id'\ntR.")
