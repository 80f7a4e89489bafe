# Writes a trace with trace_writer_program into DIR (emptied first) and checks its bytes with
# test_trace_file. ENDING: complete (the program closes the trace) or crashed (it raises SIGABRT
# before MPI_Finalize; the signal handler must leave a readable trace).
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
if(ENDING STREQUAL "crashed")
  execute_process(COMMAND "${PROGRAM}" "${DIR}" 0 2 crash RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(rc EQUAL 0)
    message(FATAL_ERROR "trace_writer_program did not crash: ${out}")
  endif()
else()
  execute_process(COMMAND "${PROGRAM}" "${DIR}" 0 2 RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "trace_writer_program failed (${rc}): ${out}")
  endif()
  # Buffers of 4096 bytes for a stream of about 29 KB: several writes besides the trailer.
  if(NOT out MATCHES "writes=([0-9]+)" OR CMAKE_MATCH_1 LESS 6)
    message(FATAL_ERROR "expected at least 6 writes of the trace, got: ${out}")
  endif()
endif()
execute_process(COMMAND "${CHECKER}" "${DIR}/wi4mpi-test-0000.bin" "${ENDING}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "test_trace_file failed on ${DIR}/wi4mpi-test-0000.bin")
endif()
