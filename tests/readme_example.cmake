# tests/readme_example.cmake - a README example must be the file EXAMPLE as
# it stands (from the line START on, default its first #include), so that the
# block readers copy is the program the tests build and run.
#   cmake -DREADME=... -DEXAMPLE=... [-DSTART=...] -P readme_example.cmake
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
if(NOT START)
  set(START "#include <jot/")
endif()
string(FIND "${example}" "${START}" start)
string(SUBSTRING "${example}" ${start} -1 body)
string(FIND "${readme}" "${body}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "README.md's example differs from ${EXAMPLE}: copy the file's text into it")
endif()
