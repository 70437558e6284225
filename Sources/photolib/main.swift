print("skeleton")
