# tests/no_zmm.cmake - the library holds no instruction on a 512-bit register.
# The AVX-512 kernel works on 256-bit vectors with AVX-512's masked loads: one
# zmm instruction per parse lowered an Ice Lake's clock for the whole parse
# (HACKING.md, session 17), and a compiler may add one on its own (GCC 12
# zero-fills a 64-byte struct with a zmm store unless told -mmove-max=256).
#   cmake -DOBJDUMP=... -DLIBRARY=... -P no_zmm.cmake
if(NOT OBJDUMP OR NOT EXISTS "${OBJDUMP}")
  message("objdump not found: skipped")
  return()
endif()
execute_process(COMMAND ${OBJDUMP} -d --no-show-raw-insn ${LIBRARY} OUTPUT_VARIABLE code RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "objdump -d ${LIBRARY} failed (${rc})")
endif()
string(FIND "${code}" "vpcmpeqb" vector_code)
if(vector_code EQUAL -1)
  message(FATAL_ERROR "no vector compare found in ${LIBRARY}: is this the right file?")
endif()
string(REGEX MATCHALL "[^\n]*%zmm[0-9]+[^\n]*" found "${code}")
if(found)
  list(LENGTH found n)
  list(GET found 0 first)
  message(FATAL_ERROR "${n} instructions use a 512-bit register, such as:\n${first}")
endif()
