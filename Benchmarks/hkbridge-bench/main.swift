// Placeholder: the benchmark is being written.
print("hkbridge-bench: not built yet")
