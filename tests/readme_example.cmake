# tests/readme_example.cmake - the README's typed example must be
# examples/typed.cpp as it stands (from its first #include on), so that the
# block readers copy is the program the tests build and run.
#   cmake -DREADME=... -DEXAMPLE=... -P readme_example.cmake
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
string(FIND "${example}" "#include <jot/typed.h>" start)
string(SUBSTRING "${example}" ${start} -1 body)
string(FIND "${readme}" "${body}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "README.md's typed example differs from ${EXAMPLE}: copy the file's text into it")
endif()
