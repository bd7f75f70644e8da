// The generated Swift of this target's flow is all it compiles.
