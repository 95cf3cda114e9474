# tests/no_zmm.cmake - outside stage 1's AVX-512 kernel, the library holds no
# instruction on a 512-bit register. The AVX-512 kernel's scans work on
# 256-bit vectors with AVX-512's masked loads: a 512-bit instruction in a
# latency-bound loop can lower an Intel core's clock around it, and a compiler
# may add one on its own (GCC 12 zero-fills a 64-byte struct with a zmm store
# unless told -mmove-max=256). Stage 1 (namespaces isa_avx512::wide and
# isa_avx512::wide_vbmi2) is a throughput loop over whole 64-byte blocks and
# uses them on purpose.
#   cmake -DOBJDUMP=... -DLIBRARY=... -P no_zmm.cmake
if(NOT OBJDUMP OR NOT EXISTS "${OBJDUMP}")
  message("objdump not found: skipped")
  return()
endif()
execute_process(COMMAND ${OBJDUMP} -d -C --no-show-raw-insn ${LIBRARY} OUTPUT_VARIABLE code RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "objdump -d ${LIBRARY} failed (${rc})")
endif()
string(FIND "${code}" "vpcmpeqb" vector_code)
if(vector_code EQUAL -1)
  message(FATAL_ERROR "no vector compare found in ${LIBRARY}: is this the right file?")
endif()
# Functions are separated by a blank line; drop the ones of the wide namespace.
string(REPLACE ";" "," code "${code}")
string(REGEX REPLACE "\n\n" ";" functions "${code}")
set(found "")
set(wide 0)
foreach(f IN LISTS functions)
  if(f MATCHES "isa_avx512::wide(_vbmi2)?::")
    if(f MATCHES "%zmm")
      math(EXPR wide "${wide} + 1")
    endif()
    continue()
  endif()
  string(REGEX MATCHALL "[^\n]*%zmm[0-9]+[^\n]*" hits "${f}")
  list(APPEND found ${hits})
endforeach()
if(found)
  list(LENGTH found n)
  list(GET found 0 first)
  message(FATAL_ERROR "${n} instructions outside stage 1 use a 512-bit register, such as:\n${first}")
endif()
if(wide EQUAL 0)
  message(FATAL_ERROR "stage 1's AVX-512 kernel uses no 512-bit register: is it built at full width?")
endif()
