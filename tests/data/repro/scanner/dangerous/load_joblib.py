# expect: external-load
import joblib
clf = joblib.load("model.joblib")
