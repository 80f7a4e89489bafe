/* A library for the loader test to dlopen as the "runtime MPI library". */
__attribute__((visibility("default"))) int wi_test_fake_runtime_marker = 42;
