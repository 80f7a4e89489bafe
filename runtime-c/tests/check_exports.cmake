# Fails when LIBRARY's dynamic symbol table defines any symbol.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only "${LIBRARY}"
  OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
string(STRIP "${symbols}" symbols)
if(NOT symbols STREQUAL "")
  message(FATAL_ERROR "runtime symbols exported from ${LIBRARY}:\n${symbols}")
endif()
message("exports: 1 passed, 0 failed (${LIBRARY} exports nothing)")
