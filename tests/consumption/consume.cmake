# tests/consumption/consume.cmake - one consumption test, run as
#   cmake -DMODE=... -DJOT_SOURCE_DIR=... -DWORK_DIR=... [-DGENERATOR=...]
#         [-DCXX=...] [-DCXX_FLAGS=...] -DVERSION=... -P consume.cmake
#
# MODE install           configure + build jot's library alone, install it into
#                        WORK_DIR/prefix with `cmake --install --prefix` (the
#                        prefix is chosen at install time, as packagers do)
#      find_package      build find_package/ against that prefix and run it
#      pkg_config        compile consumer.cpp with `pkg-config --cflags --libs jot`
#      add_subdirectory  build add_subdirectory/ over the source tree and run it
#      fetch_content     build fetch_content/ over the source tree and run it
#
# A script rather than a shell file so that it runs wherever CMake does. It
# prints "jot-consumption: skipped: ..." when a needed tool is missing; the
# test's SKIP_REGULAR_EXPRESSION turns that into a skip.
cmake_minimum_required(VERSION 3.20)

foreach(v MODE JOT_SOURCE_DIR WORK_DIR VERSION)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "consume.cmake: -D${v}=... is required")
  endif()
endforeach()
set(consumers_dir ${CMAKE_CURRENT_LIST_DIR})
set(prefix ${WORK_DIR}/prefix)
set(jobs 2)  # the machines that run this are shared; never more

# Arguments every configure step shares: same generator, compiler and flags
# as the build that registered the test.
set(common_args "")
if(GENERATOR)
  list(APPEND common_args -G ${GENERATOR})
endif()
if(CXX)
  list(APPEND common_args -DCMAKE_CXX_COMPILER=${CXX})
endif()
if(CXX_FLAGS)
  list(APPEND common_args "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}")
endif()

# Runs a command; on failure prints its output and stops the test.
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rv}):\n${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# Configures (as build_type), builds and runs one of the consumer projects.
function(build_and_run project_dir build_dir build_type)
  file(REMOVE_RECURSE ${build_dir})
  step("configure ${project_dir}" ${CMAKE_COMMAND} -S ${consumers_dir}/${project_dir} -B ${build_dir}
       ${common_args} -DCMAKE_BUILD_TYPE=${build_type} -DJOT_EXPECTED_VERSION=${VERSION} ${ARGN})
  step("build ${project_dir}" ${CMAKE_COMMAND} --build ${build_dir} -j ${jobs})
  run_consumer(${build_dir}/consumer)
endfunction()

function(run_consumer exe)
  step("run ${exe}" ${exe})
  if(NOT step_output MATCHES "consumer ok")
    message(FATAL_ERROR "${exe} did not report success:\n${step_output}")
  endif()
endfunction()

if(MODE STREQUAL "install")
  set(build_dir ${WORK_DIR}/jot-build)
  file(REMOVE_RECURSE ${build_dir} ${prefix})
  # Release, as a packager would build it.
  step("configure jot" ${CMAKE_COMMAND} -S ${JOT_SOURCE_DIR} -B ${build_dir} ${common_args}
       -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_TOOLS=OFF)
  step("build jot" ${CMAKE_COMMAND} --build ${build_dir} -j ${jobs})
  step("install jot" ${CMAKE_COMMAND} --install ${build_dir} --prefix ${prefix})
  # What a package must contain, wherever GNUInstallDirs put the libraries.
  foreach(pattern include/jot/jot.h include/jot/detail/dom/node.h lib*/libjot.* lib*/cmake/jot/jotConfig.cmake
          lib*/cmake/jot/jotConfigVersion.cmake lib*/cmake/jot/jotTargets.cmake lib*/pkgconfig/jot.pc)
    file(GLOB_RECURSE found ${prefix}/${pattern})
    if(NOT found)
      message(FATAL_ERROR "the install lacks ${pattern}")
    endif()
  endforeach()
  # The licence travels with the package: its text, and its SPDX name in both
  # kinds of metadata.
  file(GLOB_RECURSE license_files ${prefix}/share/doc/*/LICENSE)
  if(NOT license_files)
    message(FATAL_ERROR "the install lacks the LICENSE text under share/doc")
  endif()
  file(GLOB_RECURSE pc_files ${prefix}/jot.pc)
  file(READ ${pc_files} pc_text)
  if(NOT pc_text MATCHES "\nLicense: MIT\n")
    message(FATAL_ERROR "jot.pc does not declare License: MIT")
  endif()
  # pkg-config must not choose the consumer's language standard.
  if(pc_text MATCHES "-std=")
    message(FATAL_ERROR "jot.pc forces a -std= flag on its consumers")
  endif()
  # With tools off, no jot executable may be installed.
  if(EXISTS ${prefix}/bin/jot)
    message(FATAL_ERROR "JOT_BUILD_TOOLS=OFF still installed bin/jot")
  endif()

elseif(MODE STREQUAL "find_package")
  if(NOT EXISTS ${prefix})
    message(FATAL_ERROR "no install at ${prefix}: the consumption.install test must run first")
  endif()
  build_and_run(find_package ${WORK_DIR}/find_package-build Release -DCMAKE_PREFIX_PATH=${prefix})

elseif(MODE STREQUAL "pkg_config")
  find_program(pkg_config NAMES pkg-config pkgconf)
  if(NOT pkg_config)
    message("jot-consumption: skipped: pkg-config not found")
    return()
  endif()
  file(GLOB_RECURSE pc_files ${prefix}/jot.pc)
  if(NOT pc_files)
    message(FATAL_ERROR "no jot.pc under ${prefix}: the consumption.install test must run first")
  endif()
  list(GET pc_files 0 pc_file)
  get_filename_component(pc_dir ${pc_file} DIRECTORY)
  # Only the test's prefix: a jot installed on the system must not be found.
  set(ENV{PKG_CONFIG_PATH} ${pc_dir})
  set(ENV{PKG_CONFIG_LIBDIR} ${pc_dir})
  step("pkg-config --modversion" ${pkg_config} --modversion jot)
  string(STRIP "${step_output}" modversion)
  if(NOT modversion STREQUAL VERSION)
    message(FATAL_ERROR "jot.pc says version ${modversion}, the project ${VERSION}")
  endif()
  step("pkg-config --cflags --libs" ${pkg_config} --cflags --libs jot)
  string(STRIP "${step_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  # The include path must lead into this install, however it is spelled
  # (a relocatable jot.pc gives .../lib/pkgconfig/../../include), and never to
  # a jot installed elsewhere: the install was made with --prefix, so a jot.pc
  # that remembers the configure-time prefix fails here.
  file(REAL_PATH ${prefix}/include want_include)
  set(include_ok FALSE)
  foreach(f ${flags})
    if(f MATCHES "^-I(.+)$")
      file(REAL_PATH "${CMAKE_MATCH_1}" got_include)
      if(got_include STREQUAL want_include)
        set(include_ok TRUE)
      endif()
    endif()
  endforeach()
  if(NOT include_ok)
    message(FATAL_ERROR "pkg-config --cflags does not point into the install at ${prefix}: ${flags}")
  endif()
  if(NOT CXX)
    set(CXX c++)
  endif()
  separate_arguments(extra UNIX_COMMAND "${CXX_FLAGS}")
  # The consumer picks its own standard (jot needs C++20 or later): a C++23
  # consumer must stay C++23 (spelled c++2b, which GCC 11+ and clang 14+ take),
  # which consumer.cpp checks with JOT_EXPECT_CXX23.
  set(exe ${WORK_DIR}/pkg_config-consumer)
  step("compile with pkg-config flags (C++20)" ${CXX} -std=c++20 ${extra}
       "-DJOT_EXPECTED_VERSION=\"${VERSION}\"" ${consumers_dir}/consumer.cpp ${flags} -o ${exe})
  run_consumer(${exe})
  step("compile with pkg-config flags (C++23)" ${CXX} -std=c++2b ${extra} -DJOT_EXPECT_CXX23
       "-DJOT_EXPECTED_VERSION=\"${VERSION}\"" ${consumers_dir}/consumer.cpp ${flags} -o ${exe}23)
  run_consumer(${exe}23)

elseif(MODE STREQUAL "add_subdirectory" OR MODE STREQUAL "fetch_content")
  # These build jot's sources once more inside the consumer; Debug halves the
  # compile time, and what they test is the CMake integration, not the code.
  set(build_dir ${WORK_DIR}/${MODE}-build)
  build_and_run(${MODE} ${build_dir} Debug -DJOT_SOURCE_DIR=${JOT_SOURCE_DIR})
  # Installing the parent project must not install jot unless it asks with
  # JOT_INSTALL=ON (the default is PROJECT_IS_TOP_LEVEL).
  set(sub_prefix ${WORK_DIR}/${MODE}-prefix)
  file(REMOVE_RECURSE ${sub_prefix})
  step("install the parent project" ${CMAKE_COMMAND} --install ${build_dir} --prefix ${sub_prefix})
  file(GLOB_RECURSE leaked ${sub_prefix}/*)
  if(leaked)
    message(FATAL_ERROR "installing a project that vendors jot installed jot's files: ${leaked}")
  endif()
  step("configure with JOT_INSTALL=ON" ${CMAKE_COMMAND} ${build_dir} -DJOT_INSTALL=ON)
  step("install with JOT_INSTALL=ON" ${CMAKE_COMMAND} --install ${build_dir} --prefix ${sub_prefix})
  if(NOT EXISTS ${sub_prefix}/include/jot/jot.h)
    message(FATAL_ERROR "JOT_INSTALL=ON did not install jot's headers")
  endif()

else()
  message(FATAL_ERROR "consume.cmake: unknown MODE '${MODE}'")
endif()
