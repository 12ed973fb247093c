# expect: external-load
import pickle
with open("data.pkl", "rb") as f:
    batch = pickle.load(f)
