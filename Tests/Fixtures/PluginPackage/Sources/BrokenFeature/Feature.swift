// The flow beside this file has an error: the build fails at its line.
