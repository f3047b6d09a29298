print("tidings-bench: under construction")
