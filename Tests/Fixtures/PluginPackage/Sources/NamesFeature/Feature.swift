// The generated Swift of a flow whose names are Swift keywords or clash.
