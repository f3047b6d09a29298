print("tidings: under construction")
