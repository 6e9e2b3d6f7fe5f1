sudokit: tests: Is a directory (os error 21)
